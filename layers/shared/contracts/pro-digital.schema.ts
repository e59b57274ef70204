import { z } from 'zod';

/**
 * The report's Pro Digital section (spec §1 "Pro Digital"; §9 "website impact", "detailed
 * digital metrics", "dwell time"): how the visitors who arrive inside airing windows differ from
 * the visitors those same minutes usually bring. Computed by the report pipeline
 * (lambdas/attribution/core/pro-digital.ts) with the engine's own windows and baseline.
 *
 * Metrics (all per session):
 * - new-user share = new users / sessions (0..1);
 * - engaged-session rate = engaged sessions / sessions (0..1; GA4 engagedSessions);
 * - average engagement time = engagement seconds / sessions (seconds; GA4
 *   userEngagementDuration, the spec's dwell time).
 * `in_window` is the metric over the sessions credited to the airings' windows (Σ observed);
 * `baseline` is the same metric over the sessions the engine expected in those windows without
 * the airings (Σ baseline). null when its sessions are 0 or the metric is not measured.
 */

/** One metric inside the windows and in the baseline. */
export const proDigitalValueSchema = z.object({
  in_window: z.number().nullable(),
  baseline: z.number().nullable(),
});
export type ProDigitalValue = z.infer<typeof proDigitalValueSchema>;

/** The three metrics, in the order screens show them. */
export const PRO_DIGITAL_METRICS = ['new_user_share', 'engaged_rate', 'engagement_time_s'] as const;
export type ProDigitalMetric = (typeof PRO_DIGITAL_METRICS)[number];

/** One row: every airing of the report, or one station, daypart or creative. */
export const proDigitalRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  airings: z.number().int(),
  /** Sessions credited to the rows' windows (Σ observed) and expected there (Σ baseline). */
  window_sessions: z.number(),
  baseline_sessions: z.number(),
  new_user_share: proDigitalValueSchema,
  engaged_rate: proDigitalValueSchema,
  engagement_time_s: proDigitalValueSchema,
  /** Too few sessions in the windows to read a rate with confidence (PRO_DIGITAL_MIN_SESSIONS). */
  directional: z.boolean(),
});
export type ProDigitalRow = z.infer<typeof proDigitalRowSchema>;

/** The dimensions of the detailed tables, in tab order. */
export const PRO_DIGITAL_DIMENSIONS = ['station', 'daypart', 'creative'] as const;
export type ProDigitalDimension = (typeof PRO_DIGITAL_DIMENSIONS)[number];

/** The Pro Digital section of a report. */
export const proDigitalSchema = z.object({
  /** Resolution of the visits it was computed on (hour = clock-hour windows). */
  resolution: z.enum(['minute', 'hour']),
  /** The response window, minutes (minute data). */
  window_minutes: z.number().int(),
  /**
   * Which metrics the visits measure in the report range: new-user share always (every visits
   * source has new users); the engagement metrics only where the visits carry engaged sessions
   * and engagement seconds (a GA4 connection, a CSV with those columns). Screens say "not
   * available" for a metric that is false, never 0.
   */
  available: z.object({
    new_user_share: z.boolean(),
    engaged_rate: z.boolean(),
    engagement_time_s: z.boolean(),
  }),
  /**
   * Website impact: every airing of the report. null when the caller has not unlocked
   * `website_impact` (get_report, print_report withhold it).
   */
  overall: proDigitalRowSchema.nullable(),
  /**
   * Detailed digital metrics: per station, daypart and creative (rows by window sessions,
   * descending; dayparts in clock order). null when the caller has not unlocked
   * `detailed_digital_metrics`; the creative list is empty while Creative is locked.
   */
  tables: z
    .object({
      station: z.array(proDigitalRowSchema),
      daypart: z.array(proDigitalRowSchema),
      creative: z.array(proDigitalRowSchema),
    })
    .nullable(),
});
export type ProDigital = z.infer<typeof proDigitalSchema>;

/**
 * Why a report's visits are hourly (settings.resolution 'hour'; method note §5.2 hourly
 * fallback), so the report can say so near its chart: `upload` when the client's visits came as
 * an hourly file (hour_utc); `google_analytics` when Google gives a connected property only hourly
 * data, with each such property's name and Google's reason.
 */
export const visitsHourlySchema = z.object({
  source: z.enum(['upload', 'google_analytics']),
  properties: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type VisitsHourly = z.infer<typeof visitsHourlySchema>;
