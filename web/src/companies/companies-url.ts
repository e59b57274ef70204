import {
  COMPANY_SORT_FIELDS,
  type CompanyFilters,
  type CompanySortField,
  DEFAULT_COMPANY_FILTERS,
} from '#shared/contracts/companies.schema';
import { CONNECTION_STATUSES, type ConnectionStatus } from '#shared/contracts/connections.schema';

/**
 * The company task list's state in the URL (like lib/report-url.ts): pure parsing and writing
 * of the search params, so back/forward, reload and shared links keep the filters, the sort and
 * the page. Invalid values read as absent (never throw).
 *
 * | param    | meaning                                                      | default        |
 * |----------|--------------------------------------------------------------|----------------|
 * | f        | `1`: the filters below are the whole filter state            | saved filters  |
 * | status   | repeated connection statuses, or `all`                       | none           |
 * | activity | repeated active / recent / inactive                          | none           |
 * | mine, new, loc, cba | `1`: my companies, new, with locations, with cost data | off        |
 * | fav      | favourites: only / first / none                              | no preference  |
 * | industry, org, share, group, tag | repeated ids (industries, organisations, shares,     |
 * |          | station groups or call signs, tags)                          | none           |
 * | q        | search text (client name contains)                           | none           |
 * | sort     | `field.asc` or `field.desc` (COMPANY_SORT_FIELDS)            | created_date   |
 * | page     | page number from 1                                           | 1              |
 *
 * Without `f` the page sends no filters and the server applies the caller's saved ones (or the
 * spec §4 defaults); the first change writes the whole state, so the URL alone restores it.
 */
export interface CompaniesUrlState {
  /** The filters from the URL, or undefined when the URL holds none (saved filters apply). */
  filters: CompanyFilters | undefined;
  page: number;
}

/** Activity filters (one group, OR-ed). */
export const ACTIVITY_FILTERS = ['active', 'recent', 'inactive'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

/** The favourites choice: only favourites, favourites first, no favourites, or no preference. */
export type FavoritesChoice = 'only' | 'first' | 'none' | 'any';

const FLAG_PARAMS = {
  mine: 'my_companies',
  new: 'new_companies',
  loc: 'with_locations',
  cba: 'with_cba',
} as const satisfies Record<string, keyof CompanyFilters>;

const LIST_PARAMS = {
  industry: 'industries',
  org: 'organization_ids',
  share: 'share_ids',
  group: 'station_groups',
  tag: 'tags',
} as const satisfies Record<string, keyof CompanyFilters>;

/** Most values of one repeated param kept (the contract allows at most 200, tags 50). */
const MAX_LIST = 50;

/** The favourites choice of a filter set. */
export function favoritesOf(filters: CompanyFilters): FavoritesChoice {
  if (filters.favorites) return 'only';
  if (filters.favorites_first) return 'first';
  if (filters.no_favorites) return 'none';
  return 'any';
}

/** Filters with the favourites choice applied (the three flags are exclusive). */
export function withFavorites(filters: CompanyFilters, choice: FavoritesChoice): CompanyFilters {
  const next = { ...filters };
  delete next.favorites;
  delete next.favorites_first;
  delete next.no_favorites;
  if (choice === 'only') next.favorites = true;
  if (choice === 'first') next.favorites_first = true;
  if (choice === 'none') next.no_favorites = true;
  return next;
}

/** The connection statuses a filter set selects (`all` as its own entry). */
export function statusesOf(filters: CompanyFilters): Array<ConnectionStatus | 'all'> {
  const out: Array<ConnectionStatus | 'all'> = filters.all ? ['all'] : [];
  for (const s of CONNECTION_STATUSES) if (filters[s]) out.push(s);
  return out;
}

const cleanList = (values: readonly string[], max = 80) =>
  [...new Set(values.map((v) => v.trim()).filter((v) => v && v.length <= max))].slice(0, MAX_LIST);

/** Reads `field.asc|desc`; an unknown field reads as absent. */
function readSort(value: string | null): { field: CompanySortField; desc: boolean } | undefined {
  if (!value) return undefined;
  const [field, dir] = value.split('.');
  const known = COMPANY_SORT_FIELDS.find((f) => f === field);
  if (!known || (dir !== 'asc' && dir !== 'desc')) return undefined;
  return { field: known, desc: dir === 'desc' };
}

/** Parses and validates the search params. */
export function readCompaniesUrl(params: URLSearchParams): CompaniesUrlState {
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  if (params.get('f') !== '1') return { filters: undefined, page };
  const filters: CompanyFilters = {};
  for (const value of params.getAll('status')) {
    if (value === 'all') filters.all = true;
    const status = CONNECTION_STATUSES.find((s) => s === value);
    if (status) filters[status] = true;
  }
  for (const value of params.getAll('activity')) {
    const activity = ACTIVITY_FILTERS.find((a) => a === value);
    if (activity) filters[activity] = true;
  }
  for (const [param, field] of Object.entries(FLAG_PARAMS))
    if (params.get(param) === '1') filters[field] = true;
  const fav = params.get('fav');
  if (fav === 'only' || fav === 'first' || fav === 'none')
    Object.assign(filters, withFavorites({}, fav));
  for (const [param, field] of Object.entries(LIST_PARAMS)) {
    const values = cleanList(params.getAll(param), field === 'tags' ? 40 : 80);
    if (values.length > 0) filters[field] = values;
  }
  const q = params.get('q')?.trim();
  if (q) filters.search = q.slice(0, 100);
  const sort = readSort(params.get('sort'));
  filters.sort_field = sort?.field ?? DEFAULT_COMPANY_FILTERS.sort_field;
  filters.sort_desc = sort?.desc ?? false;
  return { filters, page };
}

/** Writes a whole filter state and page into search params (other params are dropped). */
export function writeCompaniesUrl(filters: CompanyFilters, page = 1): URLSearchParams {
  const next = new URLSearchParams();
  next.set('f', '1');
  for (const status of statusesOf(filters)) next.append('status', status);
  for (const activity of ACTIVITY_FILTERS) if (filters[activity]) next.append('activity', activity);
  for (const [param, field] of Object.entries(FLAG_PARAMS))
    if (filters[field]) next.set(param, '1');
  const fav = favoritesOf(filters);
  if (fav !== 'any') next.set('fav', fav);
  for (const [param, field] of Object.entries(LIST_PARAMS))
    for (const value of filters[field] ?? []) next.append(param, value);
  if (filters.search?.trim()) next.set('q', filters.search.trim());
  const field = filters.sort_field ?? DEFAULT_COMPANY_FILTERS.sort_field;
  const desc = filters.sort_desc ?? false;
  if (field !== DEFAULT_COMPANY_FILTERS.sort_field || desc)
    next.set('sort', `${field}.${desc ? 'desc' : 'asc'}`);
  if (page > 1) next.set('page', String(page));
  return next;
}

/** The filters that show every client the caller may see (the empty state's Clear filters). */
export function clearedFilters(current: CompanyFilters): CompanyFilters {
  return { all: true, sort_field: current.sort_field, sort_desc: current.sort_desc };
}
