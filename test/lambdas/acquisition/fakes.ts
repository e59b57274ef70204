import type { Caller } from '#shared/auth/caller';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import type { RatingsKind } from '#shared/contracts/ratings.schema';
import type {
  AcquisitionDeps,
  OutletFacts,
  OutletFilter,
} from '../../../lambdas/acquisition/core/ports';
import { client } from '../reports/fakes';

/** An outlet with every field set; `over` changes some. */
export function outlet(over: Partial<OutletFacts> = {}): OutletFacts {
  return {
    id: 'st-a',
    label: 'WAAA',
    type: 'radio',
    market: '501',
    market_name: 'New York, NY',
    format: 'news_talk',
    rating: null,
    rating_low: null,
    rating_high: null,
    spot_rate_cents: null,
    vpa: null,
    advertisers: 0,
    airings: 0,
    ...over,
  } as OutletFacts;
}

/**
 * The hand-worked outlets of the tests:
 * - A: $500 a 30 s airing, rating 120 (100–150), median 3 visits per airing, 5 advertisers with
 *   100 airings → cap 2 × 100 / 5 = 40 airings a month;
 * - B: $200, rating 80 (60–90), 1 visit per airing, 5 advertisers with 50 airings → cap 20;
 * - C: rated but no spot rate (left out).
 */
export const A = outlet({
  id: 'st-a',
  label: 'WAAA',
  rating: 120,
  rating_low: 100,
  rating_high: 150,
  spot_rate_cents: 50_000,
  vpa: 3,
  advertisers: 5,
  airings: 100,
});
export const B = outlet({
  id: 'st-b',
  label: 'WBBB',
  rating: 80,
  rating_low: 60,
  rating_high: 90,
  spot_rate_cents: 20_000,
  vpa: 1,
  advertisers: 5,
  airings: 50,
});
export const C = outlet({
  id: 'st-c',
  label: 'WCCC',
  rating: 110,
  vpa: 2,
  advertisers: 6,
  airings: 70,
});

/**
 * A calculator world: alice in org-a (client-a, own VPA 2), bob in org-b (client-b), a demo
 * client; `sample` outlets A, B, C and `real` outlets where A is rated 200; real published;
 * callers named in `entitled` (and staff) pass the real-ratings and daypart gates; `reads`
 * records what the outlet source was asked.
 */
export async function acquisitionWorld(entitled: string[] = []) {
  const companies = new MemoryCompanies();
  await companies.addMembership('alice', 'org-a');
  await companies.addMembership('bob', 'org-b');
  await companies.putClient(client());
  await companies.putClient(client({ client_uid: 'client-b', org_uid: 'org-b', name: 'Bolt' }));
  await companies.putClient(
    client({ client_uid: 'demo-1', org_uid: 'org-demo', name: 'Demo', demo: true }),
  );
  const cohorts: Record<RatingsKind, OutletFacts[]> = {
    sample: [A, B, C],
    real: [{ ...A, rating: 200, rating_low: 180, rating_high: 220 }, B],
  };
  const reads: { kind: RatingsKind; filter: OutletFilter }[] = [];
  const deps: AcquisitionDeps = {
    companies,
    outlets: {
      realAvailable: async () => true,
      outlets: async (kind, filter) => {
        reads.push({ kind, filter });
        return cohorts[kind]
          .filter((o) => filter.regions.length === 0 || filter.regions.includes(o.market ?? ''))
          .map((o) => ({ ...o }));
      },
    },
    ownVpa: { ownVpa: async (uid) => (uid === 'client-a' ? 2 : null) },
    gate: {
      allowsReal: async (c: Caller) => c.staff || entitled.includes(c.userId),
      allowsDayparts: async (c: Caller) => c.staff || entitled.includes(c.userId),
    },
  };
  return { deps, companies, reads };
}
