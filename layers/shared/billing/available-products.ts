import { z } from 'zod';
import {
  PAYGO_FEATURES,
  type PaygoFeature,
  type PlanId,
  type ProductId,
  productCovers,
} from './price-table';

/**
 * The available_products flags (spec §6 "Features gated by available_products flags"), derived
 * on the server from the caller's subscriptions and checked there; the browser only reads them
 * to choose between Unlock Industry Insights, Unlock Advertiser Insights and View / Update
 * Subscription.
 */

const INDUSTRY_FLAGS = [
  'industry_insights_ad_durations',
  'industry_insights_dayparts',
  'industry_insights_days',
  'industry_insights_foot_traffic_days',
  'industry_insights_foot_traffic_hours',
  'industry_insights_programs',
  'industry_insights_station_formats',
  'industry_insights_stations',
  'industry_insights_unlimited',
] as const;

const PRO_FLAGS = [
  'pro_schedule',
  'pro_creatives',
  'pro_detailed',
  'pro_foot_traffic',
  'pro_web',
  'pro_weather',
  'pro_unlimited',
] as const;

/** Every flag name, spec §6 order. */
export const AVAILABLE_PRODUCT_FLAGS = [
  'has_any_subscription',
  ...INDUSTRY_FLAGS,
  ...PRO_FLAGS,
  'competitive_data',
] as const;
export type AvailableProductFlag = (typeof AVAILABLE_PRODUCT_FLAGS)[number];

/** The flags as responses carry them. */
export const availableProductsSchema = z.object(
  Object.fromEntries(AVAILABLE_PRODUCT_FLAGS.map((f) => [f, z.boolean()])) as Record<
    AvailableProductFlag,
    z.ZodBoolean
  >,
);
export type AvailableProducts = z.infer<typeof availableProductsSchema>;

/** Subscription statuses that grant access (Stripe's; past_due keeps access while Stripe retries). */
export const ENTITLED_STATUSES = ['active', 'trialing', 'past_due'] as const;

/**
 * What one subscription pays for, as our store keeps it (Stripe is the source; webhooks and the
 * reconcile copy it). `status` is Stripe's subscription status.
 */
export interface Entitlement {
  plan: PlanId;
  /** null for a paygo account without a product line. */
  product: ProductId | null;
  /** Paygo features unlocked one by one. */
  features: PaygoFeature[];
  status: string;
}

/** All flags false: no subscription. */
export function noProducts(): AvailableProducts {
  return Object.fromEntries(AVAILABLE_PRODUCT_FLAGS.map((f) => [f, false])) as AvailableProducts;
}

/**
 * Derives the flags from the subscriptions a user is entitled through (their own and their
 * organisations'). Rules: any entitled subscription (paygo included) sets has_any_subscription;
 * Industry Insights sets every industry_insights_* flag; Advertiser Insights sets every pro_*
 * flag and competitive_data; a paygo feature sets its own flag. Subscriptions whose status is not
 * in {@link ENTITLED_STATUSES} (canceled, unpaid, incomplete) grant nothing.
 * @param demo a demo client counts as having analytics (spec §6): every flag on.
 */
export function deriveAvailableProducts(
  entitlements: readonly Entitlement[],
  demo = false,
): AvailableProducts {
  const flags = noProducts();
  if (demo) {
    for (const f of AVAILABLE_PRODUCT_FLAGS) flags[f] = true;
    return flags;
  }
  for (const e of entitlements) {
    if (!(ENTITLED_STATUSES as readonly string[]).includes(e.status)) continue;
    flags.has_any_subscription = true;
    if (productCovers(e.product, 'industry')) for (const f of INDUSTRY_FLAGS) flags[f] = true;
    if (productCovers(e.product, 'advertiser')) {
      for (const f of PRO_FLAGS) flags[f] = true;
      flags.competitive_data = true;
    }
    for (const feature of e.features) {
      const line = PAYGO_FEATURES.find((p) => p.feature === feature);
      if (line) flags[line.flag] = true;
    }
  }
  return flags;
}
