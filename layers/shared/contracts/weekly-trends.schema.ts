import { z } from 'zod';

/**
 * The weekly trends view (spec §3 "Weekly trends: filter options dmas and industries (with
 * name), settings week_count, dma_codes, industries", §6 "User type self does not see industry
 * trend badges", §9 "weekly trends default 3 weeks", "Trend badge").
 */

/** Default and bounds of week_count. */
export const WEEKLY_TRENDS_DEFAULT_WEEKS = 3;
export const WEEKLY_TRENDS_MAX_WEEKS = 12;

export const weeklyTrendsSettingsSchema = z.object({
  week_count: z.coerce
    .number()
    .int()
    .min(1, 'Weeks must be between 1 and 12.')
    .max(WEEKLY_TRENDS_MAX_WEEKS, 'Weeks must be between 1 and 12.')
    .default(WEEKLY_TRENDS_DEFAULT_WEEKS),
  /** DMA codes (3 digits); empty = every market. */
  dma_codes: z
    .array(z.string().regex(/^\d{3}$/, 'A DMA code has 3 digits.'))
    .max(210)
    .default([]),
  /** IAB industry ids; empty = every industry with data. */
  industries: z.array(z.string().trim().min(1).max(20)).max(200).default([]),
});
export type WeeklyTrendsSettings = z.output<typeof weeklyTrendsSettingsSchema>;
export const weeklyTrendsInputSchema = weeklyTrendsSettingsSchema.partial();

/**
 * One industry's weekly new-user change in the chosen markets: `changes[i]` is the percent
 * change of new users in week i over week i-1 (weeks oldest first, as `week_ends`), null when
 * the week before had none or fewer than the minimum number of advertisers reported (k-anonymity);
 * `avg_change_pct` is the mean of the non-null changes (null when none): the badge value.
 */
export const weeklyTrendRowSchema = z.object({
  industry_id: z.string(),
  name: z.string(),
  parent_name: z.string().nullable(),
  advertisers: z.number().int(),
  new_users: z.array(z.number()),
  changes: z.array(z.number().nullable()),
  avg_change_pct: z.number().nullable(),
});
export type WeeklyTrendRow = z.infer<typeof weeklyTrendRowSchema>;

/**
 * weekly_trends result: filter options (markets and industries with data, with names), the
 * settings applied, the weeks (last day of each, YYYY-MM-DD, oldest first; calendar weeks
 * Monday to Sunday UTC), rows, and whether the caller sees badges (false for user type self).
 */
export const weeklyTrendsResultSchema = z.object({
  filter_options: z.object({
    dmas: z.array(z.object({ id: z.string(), name: z.string() })),
    industries: z.array(
      z.object({ id: z.string(), name: z.string(), parent_name: z.string().nullable() }),
    ),
  }),
  settings: weeklyTrendsSettingsSchema,
  week_ends: z.array(z.string()),
  rows: z.array(weeklyTrendRowSchema),
  show_badges: z.boolean(),
  /**
   * True when the rows come from the sample-data advertisers (a stack with no real advertiser
   * trends yet, such as the local demo): the view shows the SAMPLE DATA watermark. Real and
   * sample advertisers are never mixed.
   */
  sample_data: z.boolean().optional(),
});
export type WeeklyTrendsResult = z.infer<typeof weeklyTrendsResultSchema>;
