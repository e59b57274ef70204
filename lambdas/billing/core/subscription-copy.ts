import { isEntitled, type SubscriptionRecord } from '../../../layers/shared/billing/entitlements';
import {
  PAYGO_FEATURES,
  type PaygoFeature,
  PLANS,
  type PlanId,
  PRODUCTS,
  type ProductId,
  paygoLookupKey,
  priceLineByKey,
} from '../../../layers/shared/billing/price-table';
import type { SubscriptionView } from '../../../layers/shared/contracts/billing.schema';
import type { PaymentsSubscription } from './ports';

/**
 * From a Stripe subscription to our copy and from the copy to what the browser sees (issue #6).
 * Pure functions.
 */

const FEATURE_BY_KEY = new Map<string, PaygoFeature>(
  PAYGO_FEATURES.map((f) => [paygoLookupKey(f.feature), f.feature]),
);

const asPlan = (v: string | undefined): PlanId | null =>
  (PLANS as readonly string[]).includes(v ?? '') ? (v as PlanId) : null;
const asProduct = (v: string | undefined): ProductId | null =>
  (PRODUCTS as readonly string[]).includes(v ?? '') ? (v as ProductId) : null;

/** Unix seconds -> ISO-8601 UTC. */
export const isoOf = (unixS: number) => new Date(unixS * 1000).toISOString();

/**
 * Our copy of a Stripe subscription. Plan and product come from the items' price lookup keys
 * (the price table), falling back to the metadata we set when ordering; paygo features from the
 * `paygo_<feature>_monthly` keys. `amount` is the monthly sum of the items after the discount
 * (integer cents, rounded half up); the period is the items' (API 2026-10-28).
 */
export function toRecord(
  sub: PaymentsSubscription,
  orgUid: string,
  syncedAt: Date,
): SubscriptionRecord {
  const line = sub.items.map((i) => priceLineByKey(i.lookup_key ?? '')).find((l) => l);
  const features = sub.items.flatMap((i) => {
    const f = FEATURE_BY_KEY.get(i.lookup_key ?? '');
    return f ? [f] : [];
  });
  const plan = line?.plan ?? asPlan(sub.metadata.plan) ?? 'paygo';
  const product = line?.product ?? asProduct(sub.metadata.product);
  const gross = sub.items.reduce((sum, i) => sum + i.unit_amount * i.quantity, 0);
  const starts = sub.items.map((i) => i.current_period_start);
  const ends = sub.items.map((i) => i.current_period_end);
  return {
    subscription_uid: sub.id,
    organization_uid: orgUid,
    source: 'stripe',
    customer_id: sub.customer,
    plan,
    product,
    features,
    status: sub.status,
    amount: Math.round((gross * (100 - sub.discount_percent)) / 100),
    discount_percent: sub.discount_percent,
    current_period_start: isoOf(starts.length ? Math.min(...starts) : sub.created),
    current_period_end: isoOf(ends.length ? Math.max(...ends) : sub.created),
    cancel_at_period_end: sub.cancel_at_period_end,
    subscriber_user_id: sub.metadata.subscriber_user_id || null,
    synced_at: syncedAt.toISOString(),
  };
}

/** What the browser sees of a record (billing.schema.ts subscriptionViewSchema). */
export function toView(record: SubscriptionRecord): SubscriptionView {
  return {
    subscription_uid: record.subscription_uid,
    organization_uid: record.organization_uid,
    plan: record.plan,
    product: record.product,
    features: record.features,
    status: record.status,
    amount: record.amount,
    discount_percent: record.discount_percent,
    current_period_start: record.current_period_start,
    current_period_end: record.current_period_end,
    cancel_at_period_end: record.cancel_at_period_end,
  };
}

/** Stripe statuses of subscriptions that are over (their copies are kept as tombstones). */
const GONE_STATUSES = ['canceled', 'incomplete_expired'];

/**
 * The subscription an organisation's profile shows: an entitled Stripe subscription first, then
 * the local paygo entitlement, then the most recently synced other one; null without any.
 * Canceled (tombstone) copies are never shown.
 */
export function currentRecord(records: readonly SubscriptionRecord[]): SubscriptionRecord | null {
  const rank = (r: SubscriptionRecord) => (isEntitled(r) ? (r.source === 'stripe' ? 0 : 1) : 2);
  const sorted = records
    .filter((r) => !GONE_STATUSES.includes(r.status))
    .sort((a, b) => rank(a) - rank(b) || b.synced_at.localeCompare(a.synced_at));
  return sorted[0] ?? null;
}
