import { z } from 'zod';
import { permsMapSchema } from './account.schema';
import { CONNECTION_STATUSES } from './connections.schema';

/**
 * The company task list (spec §2 "App shell", §3 "Company (client)", §4 "Queue (companies)",
 * §7 "Company task list", §9 "tasks page size 10, first page 1", "companies default sort
 * created_date"): the inputs and results of fetch_companies, save_filters, save_favorite,
 * fetch_company_breakdowns, fetch_client_info, company_save, client_merge and request_help,
 * shared by the lambdas (lambdas/companies/) and the web app (web/src/companies/).
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

/**
 * A mini breakdown (fetch_company_breakdowns): the client's latest report, or its post-log alone
 * before any report. Visits and money fields are null without a report (money in integer cents).
 */
export const breakdownSchema = z.object({
  report_id: z.string().nullable(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
  airings: z.number().int(),
  attributed_visits: z.number().nullable(),
  vpa: z.number().nullable(),
  lift_pct: z.number().nullable(),
  spend_cents: z.number().int().nullable(),
  cost_per_visit_cents: z.number().int().nullable(),
  by_media: z.array(z.object({ type: z.string(), airings: z.number().int() })),
  top_stations: z.array(
    z.object({ station: z.string(), airings: z.number().int(), vpa: z.number().nullable() }),
  ),
  /** Weekly airings (and attributed visits with a report), oldest first; week_start YYYY-MM-DD. */
  weeks: z.array(
    z.object({ week_start: z.string(), airings: z.number().int(), visits: z.number().nullable() }),
  ),
});
export type Breakdown = z.infer<typeof breakdownSchema>;

export const fetchBreakdownsInputSchema = z.object({ client_uid: idField('client_uid') });
/** global_data: the mean VPA and lift over the caller's other reported clients, for comparison. */
export const breakdownResultSchema = z.object({
  client_uid: z.string(),
  breakdown_data: breakdownSchema,
  global_data: z
    .object({
      clients: z.number().int(),
      vpa: z.number().nullable(),
      lift_pct: z.number().nullable(),
    })
    .optional(),
});
export type BreakdownResult = z.infer<typeof breakdownResultSchema>;

/** Attribution methods a client may default to (spec §3 Filters attribution_method). */
export const CLIENT_ATTRIBUTION_METHODS = ['sessions', 'pageviews', 'newuserbaseline'] as const;

/** Tags of a client: trimmed, 1-40 characters, at most 20, no duplicates (case-insensitive). */
export const tagsField = z
  .array(
    z.string().trim().min(1, 'A tag cannot be empty.').max(40, 'A tag is at most 40 characters.'),
  )
  .max(20, 'At most 20 tags.')
  .refine(
    (tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length,
    'Each tag only once.',
  );

/**
 * company_save input: creates a client (no client_uid; in `org_uid`, an organisation the caller
 * may edit, default their first) or edits one (client_uid; perm edit). Messages name the field.
 */
export const companySaveInputSchema = z.object({
  client_uid: idField('client_uid').optional(),
  org_uid: idField('org_uid').optional(),
  name: z
    .string({ error: 'Enter the client name.' })
    .trim()
    .min(1, 'Enter the client name.')
    .max(120, 'Client name is at most 120 characters.'),
  website: z
    .string()
    .trim()
    .max(253, 'Website is at most 253 characters.')
    .refine(
      (v) => v === '' || /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(\/.*)?$/i.test(v),
      'Enter a website like example.com.',
    )
    .optional(),
  industry_id: z.string().trim().max(20).nullable().optional(),
  postlog_timezone: z
    .string()
    .trim()
    .refine((v) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: v });
        return v.includes('/');
      } catch {
        return false;
      }
    }, 'Pick a post-log time zone.')
    .optional(),
  attribution_method: z.enum(CLIENT_ATTRIBUTION_METHODS).optional(),
  tags: tagsField.optional(),
  /** User ids of the client's reps: members of its organisation. */
  rep_uids: z.array(idField('rep_uids')).max(20, 'At most 20 reps.').optional(),
});
export type CompanySaveInput = z.input<typeof companySaveInputSchema>;

/**
 * Client info (spec §3 "Client info"; fetch_client_info, also used by merge): the editable
 * fields, perms, goals (ad spend, integer cents), the return calculator inputs, websites and
 * report schedules (empty until scheduled deliveries exist).
 */
export const clientInfoSchema = z.object({
  client_uid: z.string(),
  org_uid: z.string(),
  name: z.string(),
  website: z.string(),
  industry_id: z.string().nullable(),
  postlog_timezone: z.string(),
  attribution_method: z.enum(CLIENT_ATTRIBUTION_METHODS),
  tags: z.array(z.string()),
  rep_uids: z.array(z.string()),
  reps: z.array(optionSchema),
  perms: permsMapSchema,
  goals_and_objectives: z.object({ ad_spend_cents: z.number().int().nullable() }),
  return_calculator: z
    .object({
      average_sale_cents: z.number().int().nullable(),
      close_rate_pct: z.number().nullable(),
    })
    .nullable(),
  ga_websites: z.array(z.string()),
  lite_website: z.string().nullable(),
  demo: z.boolean(),
  airings: z.number().int(),
  report_schedules: z.array(z.looseObject({ id: z.string() })),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;

export const fetchClientInfoInputSchema = z.object({ client_uid: idField('client_uid') });
export const clientInfoResultSchema = z.object({ client_info: clientInfoSchema });
export const companySaveResultSchema = z.object({
  client_info: clientInfoSchema,
  created: z.boolean(),
});

/**
 * client_merge input: `from_client_uid` (the duplicate, gone afterwards) into `into_client_uid`.
 * Both need perm edit; they must differ.
 */
export const clientMergeInputSchema = z
  .object({
    from_client_uid: idField('from_client_uid'),
    into_client_uid: idField('into_client_uid'),
  })
  .refine((v) => v.from_client_uid !== v.into_client_uid, {
    message: 'Pick two different clients to merge.',
    path: ['into_client_uid'],
  });
/** client_merge result: what moved into the kept client. */
export const clientMergeResultSchema = z.object({
  into_client_uid: z.string(),
  moved: z.object({
    airings: z.number().int(),
    visit_days: z.number().int(),
    reports: z.number().int(),
    shares: z.number().int(),
    locations: z.number().int(),
  }),
});
export type ClientMergeResult = z.infer<typeof clientMergeResultSchema>;

/** request_help input: a message to the team inbox, the client attached when given. */
export const requestHelpInputSchema = z.object({
  client_uid: idField('client_uid').optional(),
  topic: z.enum(['connection', 'postlog', 'report', 'billing', 'other']),
  message: z
    .string({ error: 'Tell us what you need help with.' })
    .trim()
    .min(1, 'Tell us what you need help with.')
    .max(2000, 'Message is at most 2000 characters.'),
});
export const requestHelpResultSchema = z.object({ sent: z.literal(true) });
