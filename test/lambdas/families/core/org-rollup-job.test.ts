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
  startOrgRollup,
  zipOrgRollup,
} from '../../../../lambdas/families/core/org-rollup-job';
import { verifiedProfiles } from '../../accounts/sharing-fakes';
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
  return { deps, files, updates, org };
}

const req = { org_uid: 'org-a', start: '2026-10-01', end: '2026-10-31' };

describe('organisation roll-up job', () => {
  test('zips one PDF per client and a summary row per client, a failed client keeping its row', async () => {
    const { deps, files, updates, org } = await world();
    const plan = await planOrgRollup(org, alice, 'job-1', req);
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
    expect(new TextDecoder().decode(zip['Acme.pdf'])).toBe('%PDF Acme');
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
    const { org } = await world();

    await expect(planOrgRollup(org, bob, 'job-2', req)).rejects.toMatchObject({
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

describe('starting an organisation roll-up', () => {
  test("stores the plan, records the job in the caller's tasks and starts one execution", async () => {
    const { deps, files, org } = await world();
    const jobs: unknown[] = [];
    const started: string[] = [];

    const out = await startOrgRollup(
      {
        org,
        files: deps.files,
        jobs: { create: async (j) => void jobs.push(j) },
        executions: { start: async (id) => void started.push(id) },
        newId: () => 'job-9',
        now: () => new Date('2026-11-02T10:00:00.000Z'),
      },
      alice,
      req,
    );

    expect(out).toEqual({ job_id: 'job-9' });
    expect(started).toEqual(['job-9']);
    expect(jobs).toEqual([
      expect.objectContaining({
        job_id: 'job-9',
        kind: 'org_reporting',
        user_id: 'alice',
        status: 'queued',
        label: 'Organisation roll-up · Org A · 10/01/2026 – 10/31/2026',
      }),
    ]);
    expect(files.has(rollupKeys.plan('job-9'))).toBe(true);
  });

  test("starts nothing for another customer's organisation", async () => {
    const { deps, files, org } = await world();
    const started: string[] = [];

    await expect(
      startOrgRollup(
        {
          org,
          files: deps.files,
          jobs: { create: async () => {} },
          executions: { start: async (id) => void started.push(id) },
          newId: () => 'job-9',
          now: () => new Date(),
        },
        bob,
        req,
      ),
    ).rejects.toMatchObject({ status: 404 });
    expect(started).toEqual([]);
    expect(files.size).toBe(0);
  });
});

describe('who may roll up an organisation', () => {
  test('a sharee of one of its clients may not, a member may', async () => {
    const { org } = await world();
    const accounts = (org.companies as MemoryCompanies).accounts;
    await accounts.putShare({
      share_uid: 's1',
      client_uid: 'c1',
      from_user_id: 'alice',
      to_email: 'bob@example.com',
      perms: ['view'],
      status: 'active',
    } as never);
    await verifiedProfiles(accounts, 'bob');
    await org.companies.addMembership('carol', 'org-a', 'member');

    await expect(planOrgRollup(org, bob, 'job-3', req)).rejects.toMatchObject({ status: 404 });
    const plan = await planOrgRollup(org, { ...bob, userId: 'carol', email: null }, 'job-3', req);
    expect(plan.clients.map((c) => c.client_uid)).toEqual(['c1', 'c2', 'c3']);
  });
});
