import type { ClientRecord } from '#shared/companies/companies';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import type { StationGroup } from '#shared/contracts/companies.schema';
import type { ActivityFacts } from '../../../../lambdas/families/core/activity';
import type { OrgFamilyDeps } from '../../../../lambdas/families/core/org-rollup-ports';
import type {
  ClientPeriodStats,
  StationStats,
} from '../../../../lambdas/families/core/org-rollup-stats';
import { client } from '../../reports/fakes';

/** A station row: station, market, airings, visits, spend in cents (null: unknown). */
export const st = (
  station: string,
  market: string,
  airings: number,
  visits: number,
  cost: number | null = null,
): StationStats => ({ station, market, airings, visits, cost_cents: cost });

/** A client's period stats summed from its station rows. */
export function statsOf(uid: string, stations: StationStats[]): ClientPeriodStats {
  return {
    client_uid: uid,
    airings: stations.reduce((s, r) => s + r.airings, 0),
    visits: stations.reduce((s, r) => s + r.visits, 0),
    cost_cents: stations.some((r) => r.cost_cents !== null)
      ? stations.reduce((s, r) => s + (r.cost_cents ?? 0), 0)
      : null,
    stations,
  };
}

/**
 * The organisation families' ports in memory: clients in MemoryCompanies, stats fixed per client,
 * station groups per user, organisation names, activity facts (logins null: not recorded).
 */
export function orgDeps(parts: {
  companies: MemoryCompanies;
  stats: Record<string, StationStats[]>;
  groups?: Record<string, StationGroup[]>;
  orgNames?: Record<string, string>;
  facts?: ActivityFacts;
}): OrgFamilyDeps & { statsCalls: string[] } {
  const statsCalls: string[] = [];
  return {
    statsCalls,
    companies: parts.companies,
    stats: {
      async statsOf(c: ClientRecord) {
        statsCalls.push(c.client_uid);
        return statsOf(c.client_uid, parts.stats[c.client_uid] ?? []);
      },
    },
    stationClients: {
      async clientsOn(station: string) {
        return [...parts.companies.clients.values()].filter(
          (c) => (c.station_airings?.[station] ?? 0) > 0,
        );
      },
    },
    activity: {
      async factsOf() {
        return parts.facts ?? { reports: [], imports: [], connections: [], logins: null };
      },
    },
    groups: {
      async groupsOf(userId: string) {
        return parts.groups?.[userId] ?? [];
      },
    },
    orgs: {
      async orgNames(uids: readonly string[]) {
        return new Map(
          uids.flatMap((u) => (parts.orgNames?.[u] ? [[u, parts.orgNames[u]] as const] : [])),
        );
      },
    },
    marketName: (code: string) =>
      ({ '501': 'New York', '803': 'Los Angeles', NATIONAL: 'National' })[code] ?? code,
  };
}

/**
 * A small world: alice is a member of org-rep (WABC's rep) with three advertisers on WABC;
 * org-other (alice is no member) has Hidden One, Hidden Two and Hidden Three on WABC too.
 */
export async function stationWorld(hiddenCount: number) {
  const companies = new MemoryCompanies();
  await companies.addMembership('alice', 'org-rep');
  const mine = [
    client({
      client_uid: 'c-acme',
      org_uid: 'org-rep',
      name: 'Acme',
      station_airings: { WABC: 10 },
    }),
    client({
      client_uid: 'c-bolt',
      org_uid: 'org-rep',
      name: 'Bolt',
      station_airings: { WABC: 4 },
    }),
    client({
      client_uid: 'c-cato',
      org_uid: 'org-rep',
      name: 'Cato',
      station_airings: { WABC: 5, KABC: 2 },
    }),
  ];
  const hidden = ['Hidden One', 'Hidden Two', 'Hidden Three']
    .slice(0, hiddenCount)
    .map((name, i) =>
      client({ client_uid: `c-h${i}`, org_uid: 'org-other', name, station_airings: { WABC: 6 } }),
    );
  for (const c of [...mine, ...hidden]) await companies.putClient(c);
  const stats: Record<string, StationStats[]> = {
    'c-acme': [st('WABC', '501', 10, 50, 20_000)],
    'c-bolt': [st('WABC', '501', 4, 30, 6_000)],
    'c-cato': [st('WABC', '501', 5, 25, null), st('KABC', '803', 2, 40, 1_000)],
    'c-h0': [st('WABC', '501', 6, 12, 3_000)],
    'c-h1': [st('WABC', '501', 6, 18, 3_000)],
    'c-h2': [st('WABC', '501', 6, 30, 3_000)],
  };
  return { companies, stats, hiddenNames: hidden.map((c) => c.name) };
}
