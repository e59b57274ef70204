import { z } from 'zod';
import { GATED_REPORT_SECTIONS, type GatedReportSection } from '../billing/report-gates';
import { proDigitalSchema, visitsHourlySchema } from './pro-digital.schema';

/**
 * The report document: what `npm run attribute --out` writes, what the report pipeline stores,
 * and what the report screen reads. Snake_case keys follow spec §3 ("Report", "Broadcast row").
 * Visits are counts over the whole period; money is integer cents; instants are ISO-8601 UTC.
 */

/** Per-creative breakdown inside a broadcast row (spec §2 "Creatives breakdown"). */
export const creativeBreakdownSchema = z.object({
  creative: z.string(),
  ads: z.number().int(),
  traffic: z.number(),
});

/**
 * One row of a broadcast table (spec §3 "Broadcast row"). `traffic` is the SIGNED attributed
 * visits; screens floor the displayed value at zero and keep this raw value.
 * contribution, *_share are fractions 0..1 of the table's totals.
 */
export const broadcastRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  ads: z.number().int(),
  traffic: z.number(),
  visitsper: z.number(),
  contribution: z.number(),
  cost_cents: z.number().int().nullable(),
  cost_per_visit_cents: z.number().nullable(),
  roi_raw: z.number().nullable(),
  volume_share: z.number(),
  traffic_share: z.number(),
  visitsper_share: z.number(),
  type: z.string(),
  halo: z.boolean(),
  daypart_start: z.string().nullable(),
  p_value: z.number(),
  ci_low: z.number(),
  ci_high: z.number(),
  directional: z.boolean(),
  creatives: z.array(creativeBreakdownSchema),
  /** Σ impressions (streaming/CTV) or downloads (podcasts) of the row's airings; null when none has them. */
  impressions: z.number().nullable(),
  /** Visits per 1,000 impressions (streaming) or per download (podcast rows: VPD); null without impressions. */
  visits_per_impression: z.number().nullable(),
});
export type BroadcastRow = z.infer<typeof broadcastRowSchema>;

export const dimensionSchema = z.enum([
  'daypart',
  'day_of_week',
  'day_of_month',
  'week_number',
  'month_of_year',
  'station',
  'network',
  'program',
  'cable_zone',
  'creative',
  'spot_length',
]);
export type DimensionKey = z.infer<typeof dimensionSchema>;

/** Campaign summary (method note §5.3, §7). */
export const reportSummarySchema = z.object({
  airings: z.number().int(),
  total_visits: z.number(),
  attributed_visits: z.number(),
  observed_visits: z.number(),
  expected_visits: z.number(),
  vpa: z.number(),
  lift_share: z.number(),
  relative_lift: z.number(),
  relative_lift_low: z.number(),
  on_air_per_minute: z.number(),
  off_air_per_minute: z.number(),
  on_air_per_day: z.number().nullable(),
  off_air_per_day: z.number().nullable(),
  cost_cents: z.number().int().nullable(),
  cost_per_visit_cents: z.number().nullable(),
  significant_airings: z.number().int(),
  dispersion: z.number(),
  /** The spec's claim "traffic rises at least 5% within the window", printed only when the 95% lower bound holds. */
  claim_holds: z.boolean(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** One airing's verdict; `attributed_visits` is signed. */
export const airingRowSchema = z.object({
  airing_id: z.string(),
  start_utc: z.string(),
  station: z.string(),
  dma_code: z.string(),
  observed: z.number(),
  expected: z.number(),
  attributed_visits: z.number(),
  p_value: z.number(),
  ci_low: z.number(),
  ci_high: z.number(),
});
export type AiringRow = z.infer<typeof airingRowSchema>;

export const reportSettingsSchema = z.object({
  window: z.number().int().min(1).max(60),
  attribution_method: z.enum(['sessions', 'pageviews', 'newuserbaseline']),
  resolution: z.enum(['minute', 'hour']),
});

/**
 * One bucket of the summary chart: observed visits of the report's metric,
 * the baseline (expected visits without airings) and the airings starting in the bucket.
 * `t` is the bucket start, ISO-8601 UTC. Visits are counts over the bucket.
 */
export const seriesPointSchema = z.object({
  t: z.string(),
  visits: z.number(),
  baseline: z.number(),
  airings: z.number().int(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/**
 * The chart series: minute buckets for a 1-day range of minute data (1,440 points), hours up to
 * 31 days, else days (lambdas/attribution/core/report-series.ts seriesBucket; ≤ ~2,000 points).
 */
export const reportSeriesSchema = z.object({
  bucket: z.enum(['minute', 'hour', 'day']),
  points: z.array(seriesPointSchema),
});
export type ReportSeries = z.infer<typeof reportSeriesSchema>;

/** Summary and tables of one period (the comparison period of a report, or a filtered view). */
export const periodResultSchema = z.object({
  summary: reportSummarySchema,
  tables: z.record(dimensionSchema, z.array(broadcastRowSchema)),
});
export type PeriodResult = z.infer<typeof periodResultSchema>;

/**
 * One store location's foot traffic over the report period.
 * `visits`: store visits counted by the panel; `share`: visits / all locations' visits (0..1).
 */
export const footTrafficLocationSchema = z.object({
  location_id: z.string(),
  /** DMA code of the location; '' when unknown. */
  dma_code: z.string(),
  visits: z.number(),
  share: z.number(),
  /** The client's name for the store, shown instead of location_id; absent when none. */
  nickname: z.string().optional(),
});
export type FootTrafficLocation = z.infer<typeof footTrafficLocationSchema>;

/**
 * Foot traffic as a second response source: the same engine run over
 * store visits (summed over a DMA's locations; national airings use all locations) instead of
 * website visits. Summary and tables read like the web ones with store visits in place of
 * website visits; `resolution` is hour for hourly panels (wider intervals).
 */
export const footTrafficResultSchema = periodResultSchema.extend({
  resolution: z.enum(['minute', 'hour']),
  /** Locations by visits, descending. */
  locations: z.array(footTrafficLocationSchema),
  /**
   * True when store visits outside the locations' opening hours were not counted (some location
   * has hours); absent or false: every store visit counted.
   */
  outside_hours_excluded: z.boolean().optional(),
});
export type FootTrafficResult = z.infer<typeof footTrafficResultSchema>;

/** Station-type groups the tables can be filtered to (spec §3 Filters broadcast_type, widened). */
export const broadcastTypeSchema = z.enum(['all', 'tv', 'radio', 'cable', 'streaming', 'podcast']);
export type BroadcastType = z.infer<typeof broadcastTypeSchema>;

/** One drill-down filter: the rows of `dimension` whose key is `key` (a BroadcastRow.key). */
export const drillFilterSchema = z.object({
  dimension: dimensionSchema,
  key: z.string().min(1).max(200),
  /** The row's label, echoed back for the chip. */
  label: z.string().max(200).optional(),
});
export type DrillFilter = z.infer<typeof drillFilterSchema>;

/**
 * Filters of fetch_drilldowns / fetch_stream_drilldowns. `campaign_uid`
 * (spec §7 "Campaigns"): one of the client's campaigns; the server narrows the report to the
 * campaign's flight, stations, creatives and markets, read from the stored campaign (the browser
 * names it and cannot widen it), before the drill filters.
 */
export const reportFiltersSchema = z.object({
  broadcast_type: broadcastTypeSchema.default('all'),
  drill: z.array(drillFilterSchema).max(5).default([]),
  campaign_uid: z.string().trim().min(1).max(80).optional(),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/**
 * What fetch_drilldowns returns: the report re-aggregated over the airings that pass the
 * filters (attribution is not re-run: each airing keeps its estimate), for the report period and
 * the comparison period.
 */
export const drilldownViewSchema = z.object({
  report_id: z.string(),
  filters: reportFiltersSchema,
  main: periodResultSchema,
  compare: periodResultSchema.nullable(),
});
export type DrilldownView = z.infer<typeof drilldownViewSchema>;

export const reportDocumentSchema = z.object({
  report_id: z.string(),
  client_uid: z.string(),
  advertiser: z.string(),
  generated_at: z.string(),
  /** True when visits come from the simulator: screens show the SAMPLE DATA watermark. */
  sample_data: z.boolean(),
  /** Inclusive dates YYYY-MM-DD (shown M/D/Y). */
  report_date_start: z.string(),
  report_date_end: z.string(),
  /** Inclusive comparison dates YYYY-MM-DD; null when the report has no comparison period. */
  report_compare_date_start: z.string().nullable(),
  report_compare_date_end: z.string().nullable(),
  settings: reportSettingsSchema,
  summary: reportSummarySchema,
  airings: z.array(airingRowSchema),
  tables: z.record(dimensionSchema, z.array(broadcastRowSchema)),
  /** The comparison period's summary and tables (same engine run settings); null without one. */
  compare: periodResultSchema.nullable(),
  /** The summary chart's series over the report period. */
  series: reportSeriesSchema,
  /** Station types present among the report's airings (drives the TV/radio, cable, streaming, podcast tab groups). */
  station_types: z.array(z.string()),
  /**
   * Foot traffic attributed to the same airings when the client has store visits in the report
   * period; null when it has none. Absent in reports stored before foot traffic existed.
   */
  foot_traffic: footTrafficResultSchema.nullable().optional(),
  /**
   * IANA zone the report's clock times are shown in (chart minute and hour labels): the client's
   * post-log zone. Absent in reports stored before it existed (screens then use the browser's).
   */
  time_zone: z.string().optional(),
  /**
   * The Pro Digital section (pro-digital.schema.ts): new-user share, engaged-session rate and
   * engagement time inside the airing windows against the baseline. Absent in reports stored
   * before it existed; its parts are null where the caller has not unlocked them.
   */
  pro_digital: proDigitalSchema.nullable().optional(),
  /**
   * Why the visits are hourly when settings.resolution is 'hour' (an hourly upload, or Google
   * Analytics giving a property only hourly data); null with minute visits. Absent in reports
   * stored before it existed.
   */
  visits_hourly: visitsHourlySchema.nullable().optional(),
});
export type ReportDocument = z.infer<typeof reportDocumentSchema>;

/**
 * The document without its per-airing list, as the Store step publishes it beside the document
 * (`reports/<client_uid>/<report_id>/view.json`) so get_report never parses the airings.
 */
export const storedReportViewSchema = reportDocumentSchema.omit({ airings: true }).extend({
  /** Airings in the report period (the length of the dropped list). */
  airing_count: z.number().int(),
});
export type StoredReportView = z.infer<typeof storedReportViewSchema>;

/** The stored view of a document: everything but `airings`, plus `airing_count`. */
export function storedViewOf(doc: ReportDocument): StoredReportView {
  const { airings, ...rest } = doc;
  return { ...rest, airing_count: airings.length };
}

/** What get_report returns to the screen: the stored view plus the caller's paywall flags. */
export const reportViewSchema = storedReportViewSchema.extend({
  /** Paywall (spec §4 "Report generation"): the caller has used the free reports and has no plan. */
  max_reports: z.boolean(),
  /** This report is one of the caller's two free reports (spec §9 "Two free reports always"). */
  free_report: z.boolean(),
  /**
   * The insights panel's sentences (spec §2 "insights panel", behind the paywall; a user
   * without the product cannot fetch the gated data through the API either): computed
   * on the server, and null when the caller is behind the paywall (max_reports).
   */
  insights: z.array(z.string()).nullable(),
  /**
   * Sections the report has but the caller has not unlocked past the free reports
   * (layers/shared/billing/report-gates.ts): their data are left out of this answer, and the
   * screen shows them locked. Absent or empty: nothing is withheld.
   */
  locked_sections: z
    .array(z.enum(GATED_REPORT_SECTIONS as [GatedReportSection, ...GatedReportSection[]]))
    .optional(),
});
export type ReportView = z.infer<typeof reportViewSchema>;
