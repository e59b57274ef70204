import { z } from 'zod';

/**
 * Industry Insights: the industry response summary panel of the report (spec §1 "Industry
 * Insights (benchmarks across about 250 categories)", §2 "a paywall that blurs industry response
 * summary and insights panels", §3 results.industry_insights, §6 industry_insights_* flags).
 *
 * Scale-free benchmarks: a client's raw Visits per Airing follows the size of its website, so the
 * panel compares INDEXES. For one advertiser, the index of a key (a daypart, a day, …) is
 * 100 × (the key's VPA) / (the advertiser's overall VPA): 140 means airings there bring 1.4 times
 * the advertiser's average airing. The industry index is the median of the OTHER advertisers'
 * indexes in the client's industry, shown only where at least {@link MIN_PEERS} of them have
 * {@link MIN_KEY_AIRINGS} airings or more there, so no advertiser can be singled out. Advertiser
 * names never leave the server.
 */

/** Fewest other advertisers behind a benchmark row (k-anonymity). */
export const MIN_PEERS = 3;
/** Fewest airings an advertiser needs in a key for its index there to count. */
export const MIN_KEY_AIRINGS = 5;

/** Sections of the panel, each unlocked by its available_products flag (spec §6). */
export const INDUSTRY_SECTIONS = [
  'dayparts',
  'days',
  'ad_durations',
  'station_formats',
  'stations',
  'programs',
  'foot_traffic_days',
  'foot_traffic_hours',
] as const;
export type IndustrySectionId = (typeof INDUSTRY_SECTIONS)[number];
export const industrySectionIdSchema = z.enum(INDUSTRY_SECTIONS);

/** Panel titles of the sections. */
export const INDUSTRY_SECTION_TITLES: Record<IndustrySectionId, string> = {
  dayparts: 'Dayparts',
  days: 'Days of the week',
  ad_durations: 'Ad lengths',
  station_formats: 'Station formats',
  stations: 'Stations',
  programs: 'Programs',
  foot_traffic_days: 'Foot traffic by day',
  foot_traffic_hours: 'Foot traffic by time of day',
};

/** The available_products flag that unlocks a section (industry_insights_unlimited unlocks all). */
export const sectionFlag = (section: IndustrySectionId) => `industry_insights_${section}` as const;

/** One benchmark row: a key with enough advertisers behind it. */
export const industryRowSchema = z.object({
  /** The key as in the report tables (daypart key, day key, seconds, station type, call sign…). */
  key: z.string(),
  label: z.string(),
  /** Median index of the other advertisers (100 = their average airing). */
  industry_index: z.number(),
  /** The client's own index there; null when it has fewer than MIN_KEY_AIRINGS airings there. */
  client_index: z.number().nullable(),
  /** Mean share of the other advertisers' airings placed there, 0..1. */
  industry_share: z.number(),
  /** Share of the client's airings placed there, 0..1 (0 when none). */
  client_share: z.number(),
  /** Other advertisers behind the row (≥ MIN_PEERS). */
  advertisers: z.number().int(),
});
export type IndustryRow = z.infer<typeof industryRowSchema>;

/** One section; a locked one carries no rows (the server never sends them). */
export const industrySectionSchema = z.object({
  section: industrySectionIdSchema,
  title: z.string(),
  locked: z.boolean(),
  rows: z.array(industryRowSchema),
});
export type IndustrySection = z.infer<typeof industrySectionSchema>;

/**
 * The industry_insights route's answer for one client.
 * - industry null: the client has no industry yet (`can_set_industry` says whether the caller
 *   may choose it with set_client_industry).
 * - sections: every section, in {@link INDUSTRY_SECTIONS} order, locked or not; an unlocked
 *   section may have no rows (too few advertisers).
 */
export const industryInsightsSchema = z.object({
  client_uid: z.string(),
  industry: z.object({ id: z.string(), name: z.string() }).nullable(),
  can_set_industry: z.boolean(),
  /** Other advertisers of the industry with a stored report (same data kind: sample or real). */
  advertisers: z.number().int(),
  /** The client's own contribution exists (it has a report, or the report asked for). */
  has_own_report: z.boolean(),
  /**
   * The client's own report the numbers use: the one asked for (`report_id` of the input), else
   * its latest; null when it has none or has no industry (no numbers). Absent from older servers.
   */
  report_id: z.string().nullable().default(null),
  /** Benchmarks of sample-data advertisers (the demo): screens say SAMPLE DATA. */
  sample_data: z.boolean(),
  sections: z.array(industrySectionSchema),
  /** Newest contribution behind the numbers, ISO-8601 UTC; null when none. */
  updated_at: z.string().nullable(),
});
export type IndustryInsights = z.infer<typeof industryInsightsSchema>;

/**
 * Input of the industry_insights route. `report_id`: compare that report of the client (an older
 * report on screen or in a printout) instead of its latest.
 */
export const industryInsightsInputSchema = z.object({
  client_uid: z.string().trim().min(1, 'client_uid is required').max(80),
  report_id: z.string().trim().min(1, 'report_id is required').max(80).optional(),
});
export type IndustryInsightsInput = z.infer<typeof industryInsightsInputSchema>;

/** Input of set_client_industry (an IAB ad-product taxonomy id, e.g. '1268'). */
export const setClientIndustryInputSchema = z.object({
  client_uid: z.string().trim().min(1, 'client_uid is required').max(80),
  industry_id: z
    .string()
    .trim()
    .min(1, 'Please choose an industry')
    .max(20, 'Please choose an industry')
    .regex(/^[0-9A-Za-z_-]+$/, 'Please choose an industry'),
});
export type SetClientIndustryInput = z.infer<typeof setClientIndustryInputSchema>;

/**
 * Weeks of week-over-week change a weekly trend averages (spec §9 "weekly trends default 3
 * weeks"): 3 changes need 4 weeks of new users.
 */
export const TREND_WEEKS = 3;

/**
 * An industry's weekly trend as the industries lookup carries it (spec §3 "industries (… trends
 * with avg_newusers_delta_pct_from_prev)", §9 "Trend badge"): the mean over the industry's
 * advertisers (at least MIN_PEERS) of each one's mean week-over-week change in new users over
 * its latest TREND_WEEKS weeks, in percent (-12.5 = down 12.5%).
 */
export interface IndustryTrend {
  avg_newusers_delta_pct_from_prev: number;
  /** Advertisers behind the number. */
  advertisers: number;
  /** Last day (YYYY-MM-DD, UTC) of the newest week counted. */
  week_end: string;
  /** True when it comes from sample-data clients (a stack without real visits). */
  sample_data: boolean;
}
