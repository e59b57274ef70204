import { z } from 'zod';
import { STATION_TYPES, stationFormatSchema } from './stations.schema';

/**
 * Response ratings (spec §1 "a response-based ratings site for radio, TV and podcasts"; spec §3
 * "Benchmark lists: broadcast types, industries, regions, station formats, dayparts, top-ten
 * summaries"; spec §7 "Benchmarks, POST empty payload with result list: nowl_*"). A rating is the
 * median response index, across the advertisers that aired in a slot (a station, or a format in
 * a market; all day or one daypart) in a calendar month, of
 *   index = 100 × (the advertiser's visits per airing in the slot) / (its own VPA over the month),
 * the scale-free index the Industry Insights panel already uses. 100 = the advertiser's usual
 * response; 130 = 30% more visits per airing than its own average. Shown only where at least
 * {@link RATING_MIN_ADVERTISERS} independent advertisers and {@link RATING_MIN_AIRINGS} airings
 * contribute (k-anonymity): no advertiser is named or can be inferred. One module for the Lambdas
 * and the web.
 */

/** Independent advertisers (owning accounts: one account's clients are one voice) a rating needs. */
export const RATING_MIN_ADVERTISERS = 5;
/** Airings a rating needs. */
export const RATING_MIN_AIRINGS = 50;
/** Rows of a top-ten list. */
export const TOP_TEN = 10;
/** Rows per page of the ratings table (spec §9 "tasks page size 10" is the house's page size). */
export const RATINGS_PAGE_SIZE = 25;

/** A ratings period: a calendar month of the market's local time, 'YYYY-MM'. */
export const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'period: YYYY-MM');

/**
 * Which cohort answered: `real` ratings come only from clients with verified, paying or
 * connected data; `sample` ones from the sample-data advertisers (shown marked "Sample ratings").
 * A stack without any published real period answers with the sample ones.
 */
export const ratingsKindSchema = z.enum(['real', 'sample']);
export type RatingsKind = z.infer<typeof ratingsKindSchema>;

/** Broadcast type options (spec §3 "Broadcast type options: all/0, tv/1, radio/2"). */
export const BROADCAST_TYPES = [
  { id: 'all', value: 0, name: 'All' },
  { id: 'tv', value: 1, name: 'TV' },
  { id: 'radio', value: 2, name: 'Radio' },
] as const;
export const broadcastTypeSchema = z.enum(['all', 'tv', 'radio']);
export type BroadcastTypeId = z.infer<typeof broadcastTypeSchema>;

/** `all` or a daypart key of the engine's table ('tv:prime', 'radio:morning_drive', ...). */
export const daypartIdSchema = z
  .string()
  .regex(/^(all|(tv|radio):[a-z_]{1,32})$/, 'daypart: all or a daypart id such as tv:prime');

/**
 * One option of a ratings list (nowl_broadcast_types, nowl_industries, nowl_regions,
 * nowl_station_formats, nowl_dayparts): `parent` groups it (a region's state, an industry's
 * parent, a daypart's set 'TV' | 'Radio').
 */
export const ratingsOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  parent: z.string().optional(),
  /** Broadcast types only: the spec's numeric value. */
  value: z.number().int().optional(),
});
export type RatingsOption = z.infer<typeof ratingsOptionSchema>;
/** Answer of the five list routes: `{ result: RatingsOption[] }`. */
export type RatingsOptionList = RatingsOption[];

/** What a rating is of: one station, or one format in one market. */
export const ratingSubjectSchema = z.object({
  kind: z.enum(['station', 'format']),
  /** Station id (stations.schema.ts) for station ratings; null for format ratings. */
  station_id: z.string().nullable(),
  call_sign: z.string().nullable(),
  /** e.g. 'WAAX 570 AM · News/Talk', or 'Country stations' for a format rating. */
  label: z.string(),
  station_type: z.enum(STATION_TYPES),
  market: z.string(),
  market_name: z.string(),
  format: stationFormatSchema,
  format_name: z.string(),
  daypart: daypartIdSchema,
  daypart_name: z.string(),
});
export type RatingSubject = z.infer<typeof ratingSubjectSchema>;

/**
 * One published rating. `rating`: the median index (1 decimal); `low`/`high`: the
 * distribution-free interval of the median from order statistics at `level` (≥ 0.90);
 * `advertisers`: independent advertisers (voices) behind it; `airings`: their airings in the slot.
 */
export const ratingRowSchema = z.object({
  subject: ratingSubjectSchema,
  period: periodSchema,
  rating: z.number(),
  low: z.number(),
  high: z.number(),
  level: z.number(),
  advertisers: z.number().int(),
  airings: z.number().int(),
  /** Rank among the market's stations of the same format and daypart (station ratings), else null. */
  rank: z.number().int().nullable(),
  /** The previous published period's rating of the same subject, null when it had none. */
  previous_rating: z.number().nullable(),
});
export type RatingRow = z.infer<typeof ratingRowSchema>;

/** One row of a top-ten list, with its movement since the previous period. */
export const topTenRowSchema = z.object({
  rank: z.number().int(),
  station_id: z.string(),
  call_sign: z.string(),
  label: z.string(),
  rating: z.number(),
  low: z.number(),
  high: z.number(),
  advertisers: z.number().int(),
  airings: z.number().int(),
  /** Rank in the previous period's list; null when not in it. */
  previous_rank: z.number().int().nullable(),
  /** previous_rank − rank (positive = moved up); null when new to the list. */
  movement: z.number().int().nullable(),
});
export type TopTenRow = z.infer<typeof topTenRowSchema>;

/** One top-ten list: a market, a format ('all' formats allowed) and a daypart. */
export const topTenListSchema = z.object({
  market: z.string(),
  market_name: z.string(),
  format: z.union([stationFormatSchema, z.literal('all')]),
  format_name: z.string(),
  daypart: daypartIdSchema,
  daypart_name: z.string(),
  rows: z.array(topTenRowSchema),
});
export type TopTenList = z.infer<typeof topTenListSchema>;

/** Filters shared by the ratings routes; all optional (the empty payload of spec §7). */
export const ratingsFilterSchema = z.object({
  /** Default: the newest published period. */
  period: periodSchema.optional(),
  /** DMA code. */
  market: z
    .string()
    .regex(/^\d{3}$/, 'market: a 3-digit DMA code')
    .optional(),
  format: z.union([stationFormatSchema, z.literal('all')]).optional(),
  daypart: daypartIdSchema.optional(),
  broadcast_type: broadcastTypeSchema.optional(),
  /** IAB industry id: the cohort narrowed to that industry's advertisers. */
  industry: z.string().max(16).optional(),
});
export type RatingsFilter = z.infer<typeof ratingsFilterSchema>;

/** nowl_top_ten_summaries payload (empty allowed) and answer `{ result: TopTenSummaries }`. */
export const topTenSummariesInputSchema = ratingsFilterSchema;
export const topTenSummariesSchema = z.object({
  kind: ratingsKindSchema,
  /** The period shown; null when nothing was ever published. */
  period: periodSchema.nullable(),
  previous_period: periodSchema.nullable(),
  /** Every published period of this kind, newest first. */
  periods: z.array(periodSchema),
  lists: z.array(topTenListSchema),
});
export type TopTenSummaries = z.infer<typeof topTenSummariesSchema>;

/** nowl_ratings (the ratings table) payload and answer `{ result: RatingsPage }`. */
export const ratingsPageInputSchema = ratingsFilterSchema.extend({
  subject: z.enum(['station', 'format']).default('station'),
  q: z.string().trim().max(64, 'q: at most 64 characters').optional(),
  page: z.number().int().min(1, 'page: at least 1').max(1000).default(1),
});
export const ratingsPageSchema = z.object({
  kind: ratingsKindSchema,
  period: periodSchema.nullable(),
  periods: z.array(periodSchema),
  rows: z.array(ratingRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Slots that had airings but fall below the thresholds (a count only, nothing else). */
  withheld: z.number().int(),
});
export type RatingsPage = z.infer<typeof ratingsPageSchema>;

/** nowl_station (a station's page) payload and answer `{ result: StationRatings }`. */
export const stationRatingsInputSchema = z.object({
  station_id: z.string().min(1, 'station_id: required').max(64),
  daypart: daypartIdSchema.optional(),
});
export const stationRatingsSchema = z.object({
  kind: ratingsKindSchema,
  station: z.object({
    id: z.string(),
    call_sign: z.string(),
    label: z.string(),
    type: z.enum(STATION_TYPES),
    format: stationFormatSchema,
    format_name: z.string(),
    market: z.string().nullable(),
    market_name: z.string(),
    city: z.string(),
    state: z.string(),
    frequency: z.string().nullable(),
  }),
  /** One row per published period where the station was rated, oldest first. */
  history: z.array(ratingRowSchema),
  /** The newest period's daypart ratings (empty unless the caller may see dayparts). */
  dayparts: z.array(ratingRowSchema),
});
export type StationRatings = z.infer<typeof stationRatingsSchema>;

/**
 * nowl_market_insights (the Market Insights family, gated by competitive_data): a rep's or
 * station owner's stations against the other rated stations of their market, by format and
 * daypart. Payload: the stations (default: the caller's primary station) and the period.
 */
export const marketInsightsInputSchema = z.object({
  station_ids: z.array(z.string().min(1).max(64)).max(10, 'station_ids: at most 10').optional(),
  period: periodSchema.optional(),
});
export const marketInsightsRowSchema = z.object({
  station_id: z.string(),
  call_sign: z.string(),
  format: stationFormatSchema,
  format_name: z.string(),
  daypart: daypartIdSchema,
  daypart_name: z.string(),
  /** The station's rating; null when below the thresholds in that slot. */
  rating: z.number().nullable(),
  /** Median and best rating of the market's other rated stations of the format in the daypart. */
  market_median: z.number().nullable(),
  market_best: z.number().nullable(),
  rank: z.number().int().nullable(),
  /** Rated stations of the format in the market and daypart. */
  of: z.number().int(),
});
export const marketInsightsSchema = z.object({
  kind: ratingsKindSchema,
  period: periodSchema.nullable(),
  market: z.string().nullable(),
  market_name: z.string(),
  rows: z.array(marketInsightsRowSchema),
});
export type MarketInsights = z.infer<typeof marketInsightsSchema>;
