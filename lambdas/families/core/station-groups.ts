import type { Caller } from '#shared/auth/caller';
import type { ClientRecord, CompaniesRepository } from '#shared/companies/companies';
import type { StationGroup } from '#shared/contracts/companies.schema';
import type { StationGroupOptions } from '#shared/contracts/org-families.schema';
import { visibleClients } from '../../companies/core/fetch-companies';
import type { OrgNames, StationGroupsOf } from './org-rollup-ports';

/**
 * station_group_options (spec §7 "Reports and generation"): what the organisation families can
 * be asked about, built from the clients the caller may see and nothing else, so no option
 * names a station, organisation or advertiser the caller could not open.
 */

/** Months (YYYY-MM) from `first` to `last` (ISO instants), newest first, at most `max`. */
export function monthsBetween(first: string | null, last: string | null, max = 24): string[] {
  if (!first || !last) return [];
  const out: string[] = [];
  let y = Number(last.slice(0, 4));
  let m = Number(last.slice(5, 7));
  const stop = first.slice(0, 7);
  while (out.length < max) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key < stop) break;
    out.push(key);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

const stationsOf = (c: ClientRecord) =>
  Object.entries(c.station_airings ?? {})
    .filter(([, n]) => n > 0)
    .map(([s]) => s.toUpperCase());

/**
 * Builds the options.
 * - station_groups: the caller's station groups, each with how many visible clients aired on
 *   one of its stations;
 * - stations: call signs the visible clients aired on, with their client counts and months;
 * - organisations: organisations of the visible clients (demo clients excluded), by name;
 * - advertisers: one entry per advertiser name (case-insensitive) per organisation, the id being
 *   one of its client records (advertiser_report_generate adds up the others).
 */
export function stationGroupOptions(input: {
  visible: readonly ClientRecord[];
  groups: readonly StationGroup[];
  orgNames: ReadonlyMap<string, string>;
}): StationGroupOptions {
  const stations = new Map<
    string,
    { clients: number; first: string | null; last: string | null }
  >();
  for (const c of input.visible) {
    for (const s of stationsOf(c)) {
      const acc = stations.get(s) ?? { clients: 0, first: null, last: null };
      acc.clients += 1;
      if (c.first_airing_utc && (!acc.first || c.first_airing_utc < acc.first))
        acc.first = c.first_airing_utc;
      if (c.last_airing_utc && (!acc.last || c.last_airing_utc > acc.last))
        acc.last = c.last_airing_utc;
      stations.set(s, acc);
    }
  }
  const orgs = new Map<string, number>();
  for (const c of input.visible) if (!c.demo) orgs.set(c.org_uid, (orgs.get(c.org_uid) ?? 0) + 1);
  const advertisers = new Map<string, { advertiser_id: string; name: string; org: string }>();
  for (const c of [...input.visible].sort((a, b) => a.client_uid.localeCompare(b.client_uid))) {
    const key = `${c.org_uid}\u0000${c.name.toLowerCase()}`;
    if (!advertisers.has(key))
      advertisers.set(key, { advertiser_id: c.client_uid, name: c.name, org: c.org_uid });
  }
  const orgName = (uid: string) => input.orgNames.get(uid) ?? 'Sample clients';
  return {
    station_groups: input.groups.map((g) => {
      const set = new Set(g.stations.map((s) => s.toUpperCase()));
      return {
        id: g.id,
        name: g.name,
        stations: [...set],
        clients: input.visible.filter((c) => stationsOf(c).some((s) => set.has(s))).length,
      };
    }),
    stations: [...stations]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, s]) => ({ id, clients: s.clients, months: monthsBetween(s.first, s.last) })),
    organisations: [...orgs]
      .map(([id, clients]) => ({ id, name: orgName(id), clients }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    advertisers: [...advertisers.values()]
      .map((a) => ({ advertiser_id: a.advertiser_id, name: a.name, organisation: orgName(a.org) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.organisation.localeCompare(b.organisation)),
  };
}

/**
 * station_group_options for a caller: their visible clients (visibleClients), their saved
 * station groups and the names of the organisations.
 */
export async function stationGroupOptionsFor(
  deps: {
    companies: CompaniesRepository;
    groups: StationGroupsOf;
    orgs: OrgNames;
  },
  caller: Caller,
): Promise<StationGroupOptions> {
  const [{ visible }, groups] = await Promise.all([
    visibleClients(deps.companies, caller),
    deps.groups.groupsOf(caller.userId),
  ]);
  const clients = visible.map((v) => v.client);
  const orgNames = await deps.orgs.orgNames([...new Set(clients.map((c) => c.org_uid))]);
  return stationGroupOptions({ visible: clients, groups, orgNames });
}
