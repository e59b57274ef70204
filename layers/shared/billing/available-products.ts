import { z } from 'zod';
import {
  PAST_DUE_GRACE_DAYS,
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

/**
 * Stripe statuses of a live subscription: one that is billed and may grant access. Whether it
 * does is {@link accessOf}'s answer: `past_due` only for a grace period, and nothing until its
 * first invoice is paid.
 */
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
  /**
   * True while the invoice of its latest order is not paid and staff have not approved the
   * customer (an invoice order before it is paid). Absent in copies stored before it existed.
   */
  awaiting_payment?: boolean;
  /** When the copy first saw it past_due, ISO-8601 UTC; null or absent otherwise. */
  past_due_since?: string | null;
}

/**
 * Whether a subscription grants access now:
 * - `entitled`: active or trialing and paid (or approved), or past_due within the grace period;
 * - `pending`: live but waiting for its first invoice to be paid: grants nothing yet;
 * - `grace`: past_due, still entitled until `grace_ends_at`;
 * - `none`: past_due beyond the grace period, canceled, unpaid, incomplete...
 */
export type AccessState = 'entitled' | 'pending' | 'grace' | 'none';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The access a subscription gives at `now` (rules in {@link AccessState}). The grace period is
 * {@link PAST_DUE_GRACE_DAYS} days from `past_due_since`; a past_due copy without it (stored
 * before it existed, rewritten by the next hourly reconcile) grants nothing.
 * @returns the state and, for past_due, when the grace period ends (ISO-8601 UTC), else null.
 */
export function accessOf(
  e: Pick<Entitlement, 'status' | 'awaiting_payment' | 'past_due_since'>,
  now: Date,
): { access: AccessState; grace_ends_at: string | null } {
  if (!(ENTITLED_STATUSES as readonly string[]).includes(e.status))
    return { access: 'none', grace_ends_at: null };
  if (e.awaiting_payment) return { access: 'pending', grace_ends_at: null };
  if (e.status !== 'past_due') return { access: 'entitled', grace_ends_at: null };
  const since = Date.parse(e.past_due_since ?? '');
  if (Number.isNaN(since)) return { access: 'none', grace_ends_at: null };
  const ends = new Date(since + PAST_DUE_GRACE_DAYS * DAY_MS);
  return { access: ends > now ? 'grace' : 'none', grace_ends_at: ends.toISOString() };
}

/** True when {@link accessOf} says the subscription grants access at `now`. */
export function grantsAccess(
  e: Pick<Entitlement, 'status' | 'awaiting_payment' | 'past_due_since'>,
  now: Date,
): boolean {
  const { access } = accessOf(e, now);
  return access === 'entitled' || access === 'grace';
}

/** All flags false: no subscription. */
export function noProducts(): AvailableProducts {
  return Object.fromEntries(AVAILABLE_PRODUCT_FLAGS.map((f) => [f, false])) as AvailableProducts;
}

/**
 * Derives the flags from the subscriptions a user is entitled through (their own and their
 * organisations'). Rules: any entitled subscription (paygo included) sets has_any_subscription;
 * Industry Insights sets every industry_insights_* flag; Advertiser Insights sets every pro_*
 * flag and competitive_data; a paygo feature sets its own flag. Only subscriptions that grant
 * access at `now` count ({@link accessOf}): not pending ones, not past_due beyond the grace
 * period, not canceled, unpaid or incomplete ones.
 * @param demo a demo client counts as having analytics (spec §6): every flag on.
 * @param now the instant the flags are for. @default the current time
 */
export function deriveAvailableProducts(
  entitlements: readonly Entitlement[],
  demo = false,
  now: Date = new Date(),
): AvailableProducts {
  const flags = noProducts();
  if (demo) {
    for (const f of AVAILABLE_PRODUCT_FLAGS) flags[f] = true;
    return flags;
  }
  for (const e of entitlements) {
    if (!grantsAccess(e, now)) continue;
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
