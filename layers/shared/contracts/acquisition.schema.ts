import { z } from 'zod';
import { ratingsKindSchema } from './ratings.schema';
import { STATION_TYPES, stationFormatSchema } from './stations.schema';

/**
 * The acquisition calculator (spec §7 "acquisitionowl_regions, acquisitionowl_outlets,
 * acquisitionowl_calculate, acquisitionowl_calculate_goals, acquisitionowl_calculate_roi,
 * acquisitionowl_save"; spec §3 client_info goals_and_objectives and return_calculator). It plans
 * a buy from the response ratings (ratings.schema.ts) and the outlets' median spot rates, and
 * the advertiser's own visits per airing (VPA) when it has one. Money is integer cents; rates are
 * per airing at the chosen spot length. One module for the Lambdas and the web (every message
 * names the field).
 */

/** Budget cap: $100,000,000 (as campaigns). */
export const ACQUISITION_BUDGET_MAX_CENTS = 10_000_000_000;
/** Outlets one plan may use. */
export const ACQUISITION_OUTLETS_MAX = 50;
/** Spot lengths a plan may choose, seconds. */
export const SPOT_LENGTHS_S = [15, 30, 60] as const;

/** One market of the calculator (acquisitionowl_regions `{ result: AcquisitionRegion[] }`). */
export const acquisitionRegionSchema = z.object({
  id: z.string(),
  name: z.string(),
  parent: z.string(),
  /** Outlets with a rating or a spot rate in the market. */
  outlets: z.number().int(),
});
export type AcquisitionRegion = z.infer<typeof acquisitionRegionSchema>;

/** acquisitionowl_outlets payload. */
export const outletsInputSchema = z.object({
  regions: z
    .array(z.string().regex(/^\d{3}$/, 'regions: 3-digit DMA codes'))
    .max(20)
    .default([]),
  broadcast_type: z.enum(['all', 'tv', 'radio']).default('all'),
  format: z.union([stationFormatSchema, z.literal('all')]).default('all'),
});

/**
 * An outlet: a station, a network or a streaming publisher, with its newest rating and median
 * spot rate where known (medians of clients' post-log costs, k-anonymous like the ratings).
 */
export const outletSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(STATION_TYPES),
  market: z.string().nullable(),
  market_name: z.string(),
  format: stationFormatSchema,
  /** Median response index (100 = an advertiser's usual response); null when not rated. */
  rating: z.number().nullable(),
  rating_low: z.number().nullable(),
  rating_high: z.number().nullable(),
  /** Median cost of a 30-second airing, integer cents; null when not known. */
  spot_rate_cents: z.number().int().nullable(),
  /** Median visits per airing of the advertisers there (k-anonymous); null when not known. */
  vpa: z.number().nullable(),
  advertisers: z.number().int(),
  airings: z.number().int(),
});
export type Outlet = z.infer<typeof outletSchema>;
/** acquisitionowl_outlets answer `{ result: OutletList }`. */
export const outletListSchema = z.object({
  kind: ratingsKindSchema,
  outlets: z.array(outletSchema),
});
export type OutletList = z.infer<typeof outletListSchema>;

const budget = z
  .number({ error: 'budget_cents: a whole number of cents' })
  .int('budget_cents: a whole number of cents')
  .min(100, 'budget_cents: at least $1')
  .max(ACQUISITION_BUDGET_MAX_CENTS, 'budget_cents: at most $100,000,000');

const planScope = {
  /** The advertiser whose own VPA is used (the caller must be allowed to see it). */
  client_uid: z.string().max(64).optional(),
  regions: z
    .array(z.string().regex(/^\d{3}$/, 'regions: 3-digit DMA codes'))
    .max(20)
    .default([]),
  outlets: z
    .array(z.string().min(1).max(64))
    .min(1, 'outlets: choose at least one outlet')
    .max(ACQUISITION_OUTLETS_MAX, `outlets: at most ${ACQUISITION_OUTLETS_MAX}`),
  spot_length_s: z.union([z.literal(15), z.literal(30), z.literal(60)], {
    error: 'spot_length_s: 15, 30 or 60 seconds',
  }),
  /** Daypart ids ('tv:prime'); empty = all day. */
  dayparts: z
    .array(z.string().regex(/^(tv|radio):[a-z_]{1,32}$/, 'dayparts: daypart ids'))
    .default([]),
};

/** acquisitionowl_calculate payload. */
export const calculateInputSchema = z.object({ ...planScope, budget_cents: budget });
export type CalculateInput = z.infer<typeof calculateInputSchema>;

/** One outlet's share of a plan. */
export const planLineSchema = z.object({
  outlet_id: z.string(),
  label: z.string(),
  airings: z.number().int(),
  budget_cents: z.number().int(),
  /** Integer cents per airing at the plan's spot length. */
  rate_cents: z.number().int(),
  visits: z.number(),
  visits_low: z.number(),
  visits_high: z.number(),
});
export type PlanLine = z.infer<typeof planLineSchema>;

/** One point of the budget curve: expected visits (and interval) at a budget. */
export const curvePointSchema = z.object({
  budget_cents: z.number().int(),
  visits: z.number(),
  visits_low: z.number(),
  visits_high: z.number(),
});

/** acquisitionowl_calculate answer `{ result: CalculateResult }`. */
export const calculateResultSchema = z.object({
  kind: ratingsKindSchema,
  budget_cents: z.number().int(),
  airings: z.number().int(),
  visits: z.number(),
  visits_low: z.number(),
  visits_high: z.number(),
  /** null when no visits are expected. */
  cost_per_visit_cents: z.number().int().nullable(),
  /** Where visits per airing came from: the advertiser's own VPA × rating, or the outlets' VPA. */
  basis: z.enum(['own_vpa', 'outlet_vpa']),
  own_vpa: z.number().nullable(),
  lines: z.array(planLineSchema),
  curve: z.array(curvePointSchema),
  /** Plain sentences: assumptions and outlets left out (no rate, no rating). */
  notes: z.array(z.string()),
});
export type CalculateResult = z.infer<typeof calculateResultSchema>;

/** acquisitionowl_calculate_goals payload: reach `target` visits or acquisitions. */
export const goalsInputSchema = z.object({
  ...planScope,
  goal: z.enum(['visits', 'acquisitions']),
  target: z
    .number()
    .int()
    .min(1, 'target: at least 1')
    .max(100_000_000, 'target: at most 100,000,000'),
  /** Visits that become an acquisition, percent (needed for an acquisitions goal). */
  conversion_rate_pct: z.number().gt(0, 'conversion_rate_pct: above 0').max(100).optional(),
});
export type GoalsInput = z.infer<typeof goalsInputSchema>;

/** acquisitionowl_calculate_goals answer `{ result: GoalsResult }`. */
export const goalsResultSchema = z.object({
  kind: ratingsKindSchema,
  feasible: z.boolean(),
  budget_cents: z.number().int(),
  visits: z.number(),
  acquisitions: z.number().nullable(),
  lines: z.array(planLineSchema),
  /** How the mix was chosen, step by step, in plain sentences. */
  explanation: z.array(z.string()),
});
export type GoalsResult = z.infer<typeof goalsResultSchema>;

/** acquisitionowl_calculate_roi payload. */
export const roiInputSchema = z.object({
  budget_cents: budget,
  visits: z.number().min(0, 'visits: 0 or more'),
  conversion_rate_pct: z
    .number()
    .min(0, 'conversion_rate_pct: 0 or more')
    .max(100, 'conversion_rate_pct: at most 100'),
  order_value_cents: z.number().int('order_value_cents: whole cents').min(0).max(100_000_000),
});
export type RoiInput = z.infer<typeof roiInputSchema>;

/** acquisitionowl_calculate_roi answer `{ result: RoiResult }`. */
export const roiResultSchema = z.object({
  orders: z.number(),
  revenue_cents: z.number().int(),
  /** (revenue − budget) / budget × 100. */
  roi_pct: z.number(),
  cost_per_order_cents: z.number().int().nullable(),
  /** The conversion rate at which revenue equals the budget, percent; null without visits. */
  break_even_conversion_rate_pct: z.number().nullable(),
});
export type RoiResult = z.infer<typeof roiResultSchema>;

/**
 * acquisitionowl_save payload: the plan kept on the client (spec §3 client_info
 * goals_and_objectives (ad_spend) and return_calculator). Answer
 * `{ result: { client_info: { goals_and_objectives, return_calculator } } }`.
 */
export const savePlanInputSchema = z.object({
  client_uid: z.string().min(1, 'client_uid: required').max(64),
  goals_and_objectives: z.object({
    ad_spend_cents: budget,
    goal: z.enum(['visits', 'acquisitions']).nullable(),
    target: z.number().int().min(0).max(100_000_000).nullable(),
    regions: planScope.regions,
    outlets: z.array(z.string().min(1).max(64)).max(ACQUISITION_OUTLETS_MAX),
    spot_length_s: planScope.spot_length_s,
    dayparts: planScope.dayparts,
  }),
  return_calculator: z.object({
    conversion_rate_pct: z.number().min(0).max(100),
    order_value_cents: z.number().int().min(0).max(100_000_000),
  }),
});
export type SavePlanInput = z.infer<typeof savePlanInputSchema>;
