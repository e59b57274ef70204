import {
  type CompanyFilters,
  type CompanySortField,
  DEFAULT_COMPANY_FILTERS,
  type StationGroup,
} from '#shared/contracts/companies.schema';
import { CONNECTION_STATUSES, type ConnectionStatus } from '#shared/contracts/connections.schema';
import type { IndustryIndex } from './company-list-ports';
import type { CompanyListRow } from './company-rows';

const DAY_MS = 86_400_000;
/** Activity windows (contract companyFiltersSchema): active ≤ 30 days, recent 31-90 days. */
const ACTIVE_DAYS = 30;
const RECENT_DAYS = 90;
/** new_companies: created in the last 30 days. */
const NEW_DAYS = 30;

/** The connection group's keys: a layer naming any of them replaces the whole group. */
const CONNECTION_KEYS: readonly string[] = ['all', ...CONNECTION_STATUSES];

/**
 * The filters a list applies: the spec's defaults (§4), under the caller's saved filters, under
 * the request's; a later layer's defined fields win, and a layer that sets any connection flag
 * (`all` or a status) replaces the connection choice below it (so `{ connected_invalid: true }`
 * lists those clients, not the defaults' `all` plus them).
 */
export function effectiveFilters(
  saved: CompanyFilters | null | undefined,
  requested: CompanyFilters | undefined,
): CompanyFilters {
  let out: Record<string, unknown> = { ...DEFAULT_COMPANY_FILTERS };
  for (const layer of [saved, requested]) {
    const defined = Object.entries(layer ?? {}).filter(([, v]) => v !== undefined);
    if (defined.some(([k]) => CONNECTION_KEYS.includes(k)))
      out = Object.fromEntries(Object.entries(out).filter(([k]) => !CONNECTION_KEYS.includes(k)));
    out = { ...out, ...Object.fromEntries(defined) };
  }
  return out as CompanyFilters;
}

/**
 * Which connection statuses a list shows: those whose flag is true; every status when `all` is
 * true or no status flag is (an empty selection filters nothing).
 */
export function connectionFilter(
  filters: Partial<Record<'all' | ConnectionStatus, boolean>> = {},
): (status: ConnectionStatus) => boolean {
  const chosen = new Set(CONNECTION_STATUSES.filter((s) => filters[s] === true));
  if (filters.all === true || chosen.size === 0) return () => true;
  return (status) => chosen.has(status);
}

/** What a filter needs to know beyond the row. */
export interface FilterContext {
  callerId: string;
  now: Date;
  /** Rep uids of each client (rows carry the names only). */
  repUids: (clientUid: string) => readonly string[];
  hasCosts: (clientUid: string) => boolean;
  /** Call signs the client aired on (all of them, not only the row's five). */
  stations: (clientUid: string) => readonly string[];
  industries: IndustryIndex;
  /** Client uid of each share the caller received. */
  shareClients: ReadonlyMap<string, string>;
  stationGroups: readonly StationGroup[];
}

/** True when `id` is `wanted` or one of its descendants in the taxonomy. */
function industryWithin(id: string, wanted: ReadonlySet<string>, index: IndustryIndex): boolean {
  let cur: string | undefined = id;
  for (let depth = 0; cur && depth < 10; depth++) {
    if (wanted.has(cur)) return true;
    cur = index.get(cur)?.parent_id || undefined;
  }
  return false;
}

const daysSince = (iso: string | null, now: Date) =>
  iso ? (now.getTime() - Date.parse(iso)) / DAY_MS : Number.POSITIVE_INFINITY;

/**
 * The predicate of `filters` (meanings in the contract's companyFiltersSchema): groups AND-ed,
 * flags within a group OR-ed; an empty group keeps every row.
 */
export function rowFilter(
  filters: CompanyFilters,
  ctx: FilterContext,
): (row: CompanyListRow) => boolean {
  const status = connectionFilter(filters);
  const activity = (['active', 'recent', 'inactive'] as const).filter((k) => filters[k] === true);
  const favs = filters.favorites === true;
  const noFavs = filters.no_favorites === true;
  const industries = filters.industries?.length ? new Set(filters.industries) : null;
  const orgs = filters.organization_ids?.length ? new Set(filters.organization_ids) : null;
  const shared = filters.share_ids?.length
    ? new Set(filters.share_ids.map((id) => ctx.shareClients.get(id)).filter(Boolean))
    : null;
  const stationSet = filters.station_groups?.length
    ? new Set(
        filters.station_groups.flatMap((id) => {
          const group = ctx.stationGroups.find((g) => g.id === id);
          return (group ? group.stations : [id]).map((s) => s.toUpperCase());
        }),
      )
    : null;
  const tags = filters.tags?.length ? new Set(filters.tags.map((t) => t.toLowerCase())) : null;
  const search = filters.search?.trim().toLowerCase() || null;
  return (row) => {
    if (!status(row.connections.status)) return false;
    if (activity.length > 0) {
      const age = daysSince(row.last_airing_utc, ctx.now);
      const hit = activity.some((k) =>
        k === 'active'
          ? age <= ACTIVE_DAYS
          : k === 'recent'
            ? age > ACTIVE_DAYS && age <= RECENT_DAYS
            : age > RECENT_DAYS,
      );
      if (!hit) return false;
    }
    if (favs !== noFavs && row.is_favorite !== favs) return false;
    if (filters.my_companies && !ctx.repUids(row.client_uid).includes(ctx.callerId)) return false;
    if (filters.new_companies && daysSince(row.created_at, ctx.now) > NEW_DAYS) return false;
    if (filters.with_locations && row.ft_locations <= 0) return false;
    if (filters.with_cba && !ctx.hasCosts(row.client_uid)) return false;
    if (filters.with_ua_only && row.connections.status !== 'with_ua_only') return false;
    if (
      industries &&
      !(row.industry && industryWithin(row.industry.id, industries, ctx.industries))
    )
      return false;
    if (orgs && !orgs.has(row.org_uid)) return false;
    if (shared && !shared.has(row.client_uid)) return false;
    if (stationSet && !ctx.stations(row.client_uid).some((s) => stationSet.has(s))) return false;
    if (tags && !row.tags.some((t) => tags.has(t.toLowerCase()))) return false;
    if (search && !row.client_name.toLowerCase().includes(search)) return false;
    return true;
  };
}

/** Connection statuses from most to least connected (the connections sort). */
const STATUS_RANK: Record<ConnectionStatus, number> = {
  connected: 5,
  lite_connected: 4,
  with_ua_only: 3,
  almost_connected: 2,
  connected_invalid: 1,
  not_connected: 0,
};

type Key = string | number;
/** The sort key of a row for a field; rows without the value sort as the smallest. */
function sortKey(row: CompanyListRow, field: CompanySortField): Key {
  switch (field) {
    case 'created_date':
      return row.created_at;
    case 'client_name':
      return row.client_name.toLowerCase();
    case 'last_airing':
      return row.last_airing_utc ?? '';
    case 'progress':
      return row.progress.pct;
    case 'connections':
      return STATUS_RANK[row.connections.status] * 10_000 + row.connections.properties;
    case 'ft_locations':
      return row.ft_locations;
    case 'industry':
      return row.industry?.name.toLowerCase() ?? '';
    case 'rep_names':
      return row.rep_names[0]?.toLowerCase() ?? '';
  }
}

const cmp = (a: Key, b: Key) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));

/**
 * Sorts rows by `sort_field` (default created_date), descending when `sort_desc`; ties by name
 * then uid (always ascending, so pages are stable). favorites_first puts favourites on top
 * whatever the order.
 */
export function sortRows(rows: CompanyListRow[], filters: CompanyFilters): CompanyListRow[] {
  const field = filters.sort_field ?? 'created_date';
  const dir = filters.sort_desc ? -1 : 1;
  const keyed = rows.map((row) => ({ row, key: sortKey(row, field) }));
  keyed.sort(
    (a, b) =>
      (filters.favorites_first ? Number(b.row.is_favorite) - Number(a.row.is_favorite) : 0) ||
      dir * cmp(a.key, b.key) ||
      a.row.client_name.localeCompare(b.row.client_name) ||
      a.row.client_uid.localeCompare(b.row.client_uid),
  );
  return keyed.map((k) => k.row);
}

/** Page `page` (from 1) of `size` rows; an empty list past the end. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): T[] {
  return rows.slice((page - 1) * size, page * size);
}
