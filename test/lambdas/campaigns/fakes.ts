import { MemoryCompanies } from '#shared/companies/memory-companies';
import { MemoryCampaigns } from '../../../lambdas/campaigns/adapters/memory-campaigns';
import type { CampaignsDeps } from '../../../lambdas/campaigns/core/ports';
import { client } from '../reports/fakes';

/**
 * A campaigns world: alice in org-a (client-a), bob in org-b (client-b), a demo client every
 * user may view but not edit; a fixed clock and counting ids (`k-1`, `k-2`, ...).
 */
export async function campaignWorld() {
  const companies = new MemoryCompanies();
  await companies.addMembership('alice', 'org-a');
  await companies.addMembership('bob', 'org-b');
  await companies.putClient(client());
  await companies.putClient(client({ client_uid: 'client-b', org_uid: 'org-b', name: 'Bolt' }));
  await companies.putClient(
    client({ client_uid: 'demo-1', org_uid: 'org-demo', name: 'Demo', demo: true }),
  );
  const campaigns = new MemoryCampaigns();
  let n = 0;
  const deps: CampaignsDeps = {
    companies,
    campaigns,
    sessions: campaigns,
    now: () => new Date('2026-03-10T15:00:00.000Z'),
    newId: () => `k-${++n}`,
  };
  return { deps, campaigns };
}

/** A valid campaign body (the create form's fields). */
export const SPRING = {
  name: 'Spring sale',
  flight_start: '2026-03-01',
  flight_end: '2026-03-31',
  budget_cents: 1_250_000,
  goal: { kind: 'visits', target: 5000 },
  station_ids: ['WABC'],
  creative_ids: [],
  dmas: [501],
} as const;
