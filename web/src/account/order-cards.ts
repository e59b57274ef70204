import {
  PAYGO_FEATURES,
  PLAN_NAMES,
  PRODUCT_NAMES,
  priceLineFor,
} from '#shared/billing/price-table';
import type { BillingProfile } from '#shared/contracts/billing.schema';

/** One product line of an order card: its name and list price per month (integer cents). */
export interface OrderLine {
  name: string;
  /** Integer cents per month; null when the price is quoted (team and enterprise deals). */
  cents: number | null;
}

/**
 * An organisation's order card (spec §2 "order cards (ordering or owns)"): `owns` while its
 * subscription gives access (entitled, or past due within the grace period), `ordering` while it
 * waits for its first invoice to be paid (pending). Money in integer cents per month.
 */
export interface OrderCard {
  org_uid: string;
  org_name: string;
  state: 'owns' | 'ordering';
  /** e.g. "Individual Unlimited · Advertiser Insights". */
  title: string;
  lines: OrderLine[];
  /** Sum of the priced lines, cents. */
  subtotal: number;
  discount_percent: number;
  /** What the subscription charges per month after discounts, cents (Stripe's amount). */
  total: number;
  /** Renewal or end of access, ISO-8601 UTC. */
  period_end: string;
  ends: boolean;
}

/**
 * The order card of one organisation's billing profile, or null when it has no subscription
 * that gives or awaits access (none, or ended). Lines: the plan's product line (price table) and
 * each pay-as-you-go feature unlocked; unknown features are listed unpriced.
 */
export function orderCard(profile: BillingProfile, orgName: string): OrderCard | null {
  const sub = profile.subscription;
  if (!sub || sub.access === 'none') return null;
  const lines: OrderLine[] = [];
  if (sub.product) {
    const price = priceLineFor(sub.plan, sub.product);
    lines.push({ name: PRODUCT_NAMES[sub.product], cents: price ? price.unit_amount : null });
  }
  for (const feature of sub.features) {
    const paygo = PAYGO_FEATURES.find((f) => f.feature === feature);
    lines.push({ name: paygo?.name ?? feature, cents: paygo ? paygo.unit_amount : null });
  }
  return {
    org_uid: profile.organization_uid,
    org_name: orgName,
    state: sub.access === 'pending' ? 'ordering' : 'owns',
    title: sub.product
      ? `${PLAN_NAMES[sub.plan]} · ${PRODUCT_NAMES[sub.product]}`
      : PLAN_NAMES[sub.plan],
    lines,
    subtotal: lines.reduce((sum, l) => sum + (l.cents ?? 0), 0),
    discount_percent: sub.discount_percent,
    total: sub.amount,
    period_end: sub.current_period_end,
    ends: sub.cancel_at_period_end,
  };
}
