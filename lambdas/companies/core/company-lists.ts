import type { ClientRecord } from '#shared/companies/companies';
import type { CompaniesPage, Option, StationGroup } from '#shared/contracts/companies.schema';
import type { IndustryIndex } from './company-list-ports';
import { stationsByAirings } from './company-rows';

const byName = (a: Option, b: Option) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** The task list's filter lists (spec §3 "Lists"), built from the clients the caller sees only. */
export type CompanyLists = Pick<
  CompaniesPage,
  | 'tags_list'
  | 'share_list'
  | 'organization_list'
  | 'station_group_items'
  | 'user_station_groups'
  | 'industry_list'
>;

/**
 * Builds the filter lists from the visible clients (never from anything else, so a list cannot
 * name a client, organisation, tag or station the caller may not see):
 * - tags_list: their tags, case-insensitively distinct, sorted;
 * - share_list: the caller's active shares of visible clients, named after the client;
 * - organization_list: their organisations, by name (an organisation without a record is named
 *   "Sample clients" when it only holds demo clients, else by its id);
 * - station_group_items: the caller's station groups, then the call signs the clients aired on;
 * - industry_list: their industries with names, by name.
 */
export function buildLists(input: {
  clients: readonly ClientRecord[];
  shares: readonly { share_uid: string; client_uid: string }[];
  orgNames: ReadonlyMap<string, string>;
  stationGroups: readonly StationGroup[];
  industries: IndustryIndex;
}): CompanyLists {
  const { clients } = input;
  const visible = new Map(clients.map((c) => [c.client_uid, c]));
  const tags = new Map<string, string>();
  for (const c of clients)
    for (const t of c.tags ?? []) tags.set(t.toLowerCase(), tags.get(t.toLowerCase()) ?? t);
  const orgs = new Map<string, Option>();
  for (const c of clients) {
    if (orgs.has(c.org_uid)) continue;
    const name =
      input.orgNames.get(c.org_uid) ??
      (clients.every((o) => o.org_uid !== c.org_uid || o.demo) ? 'Sample clients' : c.org_uid);
    orgs.set(c.org_uid, { id: c.org_uid, name });
  }
  const stations = new Set<string>();
  for (const c of clients) for (const s of stationsByAirings(c)) stations.add(s);
  const industries = new Map<string, Option>();
  for (const c of clients) {
    if (!c.industry_id || industries.has(c.industry_id)) continue;
    const name = input.industries.get(c.industry_id)?.name ?? c.industry_id;
    industries.set(c.industry_id, { id: c.industry_id, name });
  }
  return {
    tags_list: [...tags.values()].sort((a, b) => a.localeCompare(b)),
    share_list: input.shares
      .filter((s) => visible.has(s.client_uid))
      .map((s) => ({ id: s.share_uid, name: visible.get(s.client_uid)?.name ?? s.client_uid }))
      .sort(byName),
    organization_list: [...orgs.values()].sort(byName),
    station_group_items: [
      ...input.stationGroups.map((g) => ({
        id: g.id,
        label: g.name,
        group_header: 'My station groups',
      })),
      ...[...stations].sort().map((s) => ({ id: s, label: s, group_header: 'Stations' })),
    ],
    user_station_groups: [...input.stationGroups],
    industry_list: [...industries.values()].sort(byName),
  };
}
