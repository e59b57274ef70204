import { describe, expect, test } from 'vitest';
import { MemoryAccounts } from '#shared/accounts/memory-accounts';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import { buildAdvertiser } from '../../../../lambdas/families/core/advertiser-build';
import { alice, bob, client } from '../../reports/fakes';
import { orgDeps, st } from './org-fakes';

const req = { advertiser_id: 'c-acme-ny', start: '2026-10-01', end: '2026-10-31' };

const org = (org_uid: string, name: string, parent_uid: string | null) => ({
  org_uid,
  name,
  email: 'rep@example.com',
  parent_uid,
  created_by: 'alice',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

/** Rep org-rep with sub-organisations org-ny and org-la, each holding an "Acme" record. */
async function repWorld() {
  const accounts = new MemoryAccounts();
  const companies = new MemoryCompanies(accounts);
  await companies.addMembership('alice', 'org-rep', 'owner');
  await accounts.putOrganization(org('org-rep', 'Rep Co', null));
  await accounts.putOrganization(org('org-ny', 'Rep NY', 'org-rep'));
  await accounts.putOrganization(org('org-la', 'Rep LA', 'org-rep'));
  await companies.putClient(client({ client_uid: 'c-acme-ny', org_uid: 'org-ny', name: 'Acme' }));
  await companies.putClient(client({ client_uid: 'c-acme-la', org_uid: 'org-la', name: 'ACME' }));
  await companies.putClient(client({ client_uid: 'c-bolt', org_uid: 'org-ny', name: 'Bolt' }));
  await companies.putClient(client({ client_uid: 'c-acme-x', org_uid: 'org-x', name: 'Acme' }));
  const stats = {
    'c-acme-ny': [st('WABC', '501', 10, 50, 10_000), st('WNBC', '501', 5, 10, 5_000)],
    'c-acme-la': [st('KABC', '803', 4, 40, 2_000)],
    'c-bolt': [st('WABC', '501', 99, 999)],
    'c-acme-x': [st('WXYZ', '501', 99, 999)],
  };
  return orgDeps({
    companies,
    stats,
    orgNames: { 'org-rep': 'Rep Co', 'org-ny': 'Rep NY', 'org-la': 'Rep LA' },
  });
}

const tableOf = (doc: Awaited<ReturnType<typeof buildAdvertiser>>, title: string) => {
  const s = doc.sections.find((x) => x.title === title);
  if (s?.kind !== 'table') throw new Error(`no table ${title}`);
  return s.rows;
};

describe('advertiser report', () => {
  test("adds up the advertiser's records across the rep's sub-organisations, by station and market", async () => {
    const deps = await repWorld();

    const doc = await buildAdvertiser(deps, alice, req);

    // 19 airings, 100 visits, VPA 5.26, spend 17,000 cents -> 170 cents a visit.
    expect(doc.kpis.map((k) => [k.label, k.value])).toEqual([
      ['Airings', 19],
      ['Visits', 100],
      ['Visits per airing', 5.26],
      ['Cost per visit', 170],
      ['Stations', 3],
      ['Markets', 2],
    ]);
    expect(
      tableOf(doc, 'Stations by visits per airing').map((r) => [r.station, r.market, r.vpa]),
    ).toEqual([
      ['KABC', 'Los Angeles', 10],
      ['WABC', 'New York', 5],
      ['WNBC', 'New York', 2],
    ]);
    expect(tableOf(doc, 'Markets').map((r) => [r.market, r.airings, r.visits])).toEqual([
      ['Los Angeles', 4, 40],
      ['New York', 15, 60],
    ]);
    expect(tableOf(doc, 'Organisations carrying it').map((r) => r.organisation)).toEqual([
      'Rep LA',
      'Rep NY',
    ]);
    // Bolt (another advertiser) and org-x's Acme (another organisation) are not counted.
    expect(JSON.stringify(doc)).not.toContain('WXYZ');
    expect(deps.statsCalls.sort()).toEqual(['c-acme-la', 'c-acme-ny']);
  });

  test("refuses an advertiser record of another customer's organisation", async () => {
    const deps = await repWorld();

    await expect(buildAdvertiser(deps, bob, req)).rejects.toMatchObject({ status: 404 });
    expect(deps.statsCalls).toEqual([]);
  });
});
