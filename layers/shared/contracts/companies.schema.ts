import { z } from 'zod';
import { permsMapSchema } from './account.schema';
import { CONNECTION_STATUSES } from './connections.schema';

/**
 * The company task list (spec §2 "App shell", §3 "Company (client)", §4 "Queue (companies)",
 * §7 "Company task list", §9 "tasks page size 10, first page 1", "companies default sort
 * created_date"): the inputs and results of fetch_companies, save_filters and save_favorite,
 * shared by the lambdas (lambdas/companies/) and the web app (web/src/companies/). The
 * per-client contracts (breakdowns, client info, company_save, client_merge, request_help) are
 * in company-client.schema.ts.
 */

/** Rows per page of the task list (spec §9). */
export const COMPANIES_PAGE_SIZE = 10;

/** A client uid or another server-made id: letters, digits, `_` and `-`, at most 80. */
export const idField = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(80, `${field} is not a valid id.`)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, `${field} is not a valid id.`);

/** A list filter's flag: a boolean, or its text from a query string. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const ids = (field: string) => z.array(idField(field)).max(200, `At most 200 ${field}.`);

/**
 * Sort fields of the task list. created_date is the spec's default (ascending); the others sort
 * the column of the same meaning (client_name by name, last_airing by the newest airing,
 * progress by onboarding progress, connections by connection status then properties,
 * ft_locations by number of store locations, industry by its name, rep_names by the first rep).
 */
export const COMPANY_SORT_FIELDS = [
  'created_date',
  'client_name',
  'last_airing',
  'progress',
  'connections',
  'ft_locations',
  'industry',
  'rep_names',
] as const;
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

/**
 * The task list's filters (spec §3 "Company (client)" filters). Filters in one group are OR-ed,
 * groups are AND-ed:
 * - connection group (`all` or any of the statuses; all false = every status);
 * - activity group: active (an airing in the last 30 days), recent (newest airing 31-90 days
 *   ago), inactive (no airing in 90 days, or none); none set = every client;
 * - my_companies: the caller is one of the client's reps; new_companies: created in the last
 *   30 days; with_locations: at least one foot-traffic location; with_cba: airings with cost
 *   (cost-based analysis: cost per visit and ROI can be shown); with_ua_only: status with_ua_only;
 * - favorites: only the caller's favourites; no_favorites: none of them; favorites_first:
 *   favourites sort to the top, then sort_field;
 * - industries (IAB ids, a parent matches its children), organization_ids, share_ids (shares
 *   the caller received), station_groups (ids of the caller's station groups or call signs: a
 *   client matches when it aired on any of their stations), tags, search (name contains,
 *   case-insensitive).
 * Default (spec §4): all, connected, not_connected, almost_connected true; sort created_date
 * ascending; page 1.
 */
export const companyFiltersSchema = z.object({
  all: flag.optional(),
  ...(Object.fromEntries(CONNECTION_STATUSES.map((s) => [s, flag.optional()])) as Record<
    (typeof CONNECTION_STATUSES)[number],
    z.ZodOptional<typeof flag>
  >),
  my_companies: flag.optional(),
  new_companies: flag.optional(),
  active: flag.optional(),
  recent: flag.optional(),
  inactive: flag.optional(),
  with_locations: flag.optional(),
  favorites: flag.optional(),
  favorites_first: flag.optional(),
  no_favorites: flag.optional(),
  with_cba: flag.optional(),
  industries: z.array(z.string().trim().max(20)).max(200).optional(),
  sort_field: z.enum(COMPANY_SORT_FIELDS).optional(),
  sort_desc: flag.optional(),
  organization_ids: ids('organization_ids').optional(),
  share_ids: ids('share_ids').optional(),
  station_groups: z.array(z.string().trim().min(1).max(80)).max(200).optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(50).optional(),
  search: z.string().trim().max(100, 'Search is at most 100 characters.').optional(),
});
export type CompanyFilters = z.output<typeof companyFiltersSchema>;

/** The spec's default filters (§4 "Default filters"). */
export const DEFAULT_COMPANY_FILTERS: CompanyFilters = {
  all: true,
  connected: true,
  not_connected: true,
  almost_connected: true,
  sort_field: 'created_date',
  sort_desc: false,
};

/** fetch_companies input: filters (merged over the caller's saved ones by the page) and paging. */
export const fetchCompaniesInputSchema = z.object({
  filters: companyFiltersSchema.optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).optional(),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * Every matching client on one page, without the caller's saved filters (the report screen's
   * client picker lists all the caller's clients); page and page_size are ignored.
   */
  all_clients: flag.optional(),
});
export type FetchCompaniesInput = z.input<typeof fetchCompaniesInputSchema>;

/**
 * A client's onboarding progress (the progress column): post-log imported, visits (a GA4
 * connection or a visits upload), first report run. `pct` is 0, 33, 67 or 100.
 */
export const onboardingSchema = z.object({
  postlog: z.boolean(),
  visits: z.boolean(),
  first_report: z.boolean(),
  pct: z.number().int().min(0).max(100),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/** Products a client has (the widgets column), from its organisation's plan and its data. */
export const WIDGETS = [
  'advertiser_insights',
  'industry_insights',
  'pro_digital',
  'foot_traffic',
  'sample',
] as const;
export type Widget = (typeof WIDGETS)[number];

/**
 * Why a row needs attention, and what to do: the connection lost its access
 * (connected_invalid: reconnect), the last report failed (its reason: run again), or an import
 * failed. Null when nothing is wrong.
 */
export const attentionSchema = z
  .object({
    kind: z.enum(['connection_invalid', 'report_failed', 'import_failed']),
    message: z.string(),
    action: z.enum(['reconnect', 'run_report', 'upload_postlog']),
  })
  .nullable();
export type Attention = z.infer<typeof attentionSchema>;

/** One row of the task list (spec §2 columns; view_data is the client's report link). */
export const companyRowSchema = z.object({
  client_uid: z.string(),
  client_name: z.string(),
  org_uid: z.string(),
  is_favorite: z.boolean(),
  perms: permsMapSchema,
  shared: z.boolean(),
  demo: z.boolean(),
  sample_data: z.boolean(),
  progress: onboardingSchema,
  rep_names: z.array(z.string()),
  /** Call signs the client aired on, most airings first (at most 5), and how many in all. */
  stations: z.array(z.string()),
  station_count: z.number().int(),
  industry: z.object({ id: z.string(), name: z.string() }).nullable(),
  connections: z.object({
    status: z.enum(CONNECTION_STATUSES),
    properties: z.number().int(),
  }),
  ft_locations: z.number().int(),
  widgets: z.array(z.enum(WIDGETS)),
  tags: z.array(z.string()),
  airings: z.number().int(),
  first_airing_utc: z.string().nullable(),
  last_airing_utc: z.string().nullable(),
  latest_report_id: z.string().nullable(),
  created_at: z.string(),
  attention: attentionSchema,
});
export type CompanyRow = z.infer<typeof companyRowSchema>;

/** A named choice of a filter list. */
export const optionSchema = z.object({ id: z.string(), name: z.string() });
export type Option = z.infer<typeof optionSchema>;

/** A user's station group: a name and the call signs in it. */
export const stationGroupSchema = z.object({
  id: z.string(),
  name: z.string().trim().min(1, 'Name the station group.').max(60),
  stations: z.array(z.string().trim().min(1).max(20)).min(1, 'Pick at least one station.').max(200),
});
export type StationGroup = z.infer<typeof stationGroupSchema>;

/**
 * fetch_companies result (spec §3 "List response", "Lists"). `total_clients` counts the clients
 * matching the filters that the caller may see (not only this page); `perms` are the caller's
 * list-level rights (may create a client: some organisation they can edit); `filters` are the
 * filters applied (after defaults). Every list holds only what the caller may see.
 */
export const companiesPageSchema = z.object({
  clients: z.array(companyRowSchema),
  total_clients: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  perms: z.object({ create: z.boolean(), merge: z.boolean() }),
  filters: companyFiltersSchema,
  tags_list: z.array(z.string()),
  share_list: z.array(optionSchema),
  organization_list: z.array(optionSchema),
  station_group_items: z.array(
    z.object({ id: z.string(), label: z.string(), group_header: z.string() }),
  ),
  user_station_groups: z.array(stationGroupSchema),
  industry_list: z.array(optionSchema),
});
export type CompaniesPage = z.infer<typeof companiesPageSchema>;

/** save_filters input: the filters to keep as the caller's, and optionally their station groups. */
export const saveFiltersInputSchema = z.object({
  filters: companyFiltersSchema,
  user_station_groups: z.array(stationGroupSchema).max(50).optional(),
});
export const saveFiltersResultSchema = z.object({
  filters: companyFiltersSchema,
  user_station_groups: z.array(stationGroupSchema),
});

/** save_favorite input/result (spec §4: favorite toggles is_favorite per the added flag). */
export const saveFavoriteInputSchema = z.object({ client_uid: idField('client_uid'), added: flag });
export const saveFavoriteResultSchema = z.object({
  client_uid: z.string(),
  is_favorite: z.boolean(),
});
