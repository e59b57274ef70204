import { unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import {
  failOrgRollup,
  listRollupClients,
  planOrgRollup,
  type RollupDeps,
  rollupClientReport,
  rollupKeys,
  zipOrgRollup,
} from '../../../../lambdas/families/core/org-rollup-job';
import { alice, bob, client } from '../../reports/fakes';
import { orgDeps, st } from './org-fakes';

async function world() {
  const companies = new MemoryCompanies();
  await companies.addMembership('alice', 'org-a', 'owner');
  await companies.putClient(client({ client_uid: 'c1', org_uid: 'org-a', name: 'Acme' }));
  await companies.putClient(client({ client_uid: 'c2', org_uid: 'org-a', name: 'Bolt' }));
  await companies.putClient(client({ client_uid: 'c3', org_uid: 'org-a', name: 'Cato' }));
  await companies.putClient(client({ client_uid: 'x1', org_uid: 'org-b', name: 'Secret Co' }));
  const org = orgDeps({
    companies,
    stats: {
      c1: [st('WABC', '501', 10, 50, 10_000)],
      c2: [st('KABC', '803', 4, 10)],
      c3: [st('WNBC', '501', 2, 8)],
    },
    orgNames: { 'org-a': 'Org A' },
  });
  const files = new Map<string, Uint8Array>();
  const updates: Array<Record<string, unknown>> = [];
  let done = 0;
  const deps: RollupDeps = {
    org,
    files: {
      async put(key, bytes) {
        files.set(key, bytes);
      },
      async get(key) {
        return files.get(key) ?? null;
      },
    },
    jobs: {
      async update(_id, patch) {
        updates.push(patch);
      },
      async countDone() {
        done += 1;
        return done;
      },
    },
    renderPdf: async (doc) => {
      if (doc.title.startsWith('Bolt')) throw new Error('chromium crashed');
      return new TextEncoder().encode(`%PDF ${doc.title}`);
    },
  };
  return { deps, files, updates };
}

const req = { org_uid: 'org-a', start: '2026-10-01', end: '2026-10-31' };

describe('organisation roll-up job', () => {
  test('zips one PDF per client and a summary row per client, a failed client keeping its row', async () => {
    const { deps, files, updates } = await world();
    const plan = await planOrgRollup(deps.org as never, alice, 'job-1', req);
    files.set(rollupKeys.plan('job-1'), new TextEncoder().encode(JSON.stringify(plan)));

    const { items } = await listRollupClients(deps, { job_id: 'job-1' });
    const results = await Promise.all(items.map((i) => rollupClientReport(deps, i)));
    const out = await zipOrgRollup(deps, { job_id: 'job-1' });

    expect(results.map((r) => [r.client_uid, r.ok])).toEqual([
      ['c1', true],
      ['c2', false],
      ['c3', true],
    ]);
    const zip = unzipSync(files.get(out.zip_key) as Uint8Array);
    expect(Object.keys(zip).sort()).toEqual(['Acme.pdf', 'Cato.pdf', 'summary.csv']);
    expect(new TextDecoder().decode(zip['Acme.pdf'])).toBe('%PDF Acme: 10/01/2026 – 10/31/2026');
    const csv = new TextDecoder().decode(zip['summary.csv']).split('\r\n');
    expect(csv.slice(1, 4)).toEqual([
      'Acme,c1,10,50,5,100.00,2.00,WABC,Acme.pdf,ok',
      'Bolt,c2,,,,,,,,failed: Its report could not be made.',
      'Cato,c3,2,8,4,,,WNBC,Cato.pdf,ok',
    ]);
    expect(csv.join('\n')).not.toContain('Secret Co');
    expect(updates.map((u) => u.progress)).toEqual([5, 33, 61, 90, 100]);
    expect(updates.at(-1)).toMatchObject({
      status: 'done',
      zip_key: 'generated/job-1/org-reporting.zip',
    });
  });

  test("refuses another customer's organisation, naming nothing of it", async () => {
    const { deps } = await world();

    await expect(planOrgRollup(deps.org as never, bob, 'job-2', req)).rejects.toMatchObject({
      status: 404,
      message: expect.not.stringContaining('Acme'),
    });
  });

  test('a failed run tells the user in plain words', async () => {
    const { deps, updates } = await world();

    await failOrgRollup(deps, { job_id: 'job-1' });

    expect(updates).toEqual([
      { status: 'failed', error: 'The roll-up could not be made. Try again in a few minutes.' },
    ]);
  });
});
