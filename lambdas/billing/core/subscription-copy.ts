import { accessOf, ENTITLED_STATUSES } from '#shared/billing/available-products';
import type { SubscriptionRecord } from '#shared/billing/entitlements';
import {
  PAYGO_FEATURES,
  type PaygoFeature,
  PLANS,
  type PlanId,
  PRODUCTS,
  type ProductId,
  paygoLookupKey,
  priceLineByKey,
} from '#shared/billing/price-table';
import type { SubscriptionView } from '#shared/contracts/billing.schema';
import type { PaymentsSubscription } from './ports';

/**
 * From a Stripe subscription to our copy and from the copy to what the browser sees.
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

/** What a sync learned besides the subscription itself (sync-customer.ts). */
export interface PaymentFacts {
  /** The invoice of its latest order (creation or change) is paid (Payments.orderInvoicePaid). */
  order_paid: boolean;
  /** Staff approved the organisation as an invoice customer. */
  approved: boolean;
  /** When it became past_due (ISO-8601), or null when it is not past_due. */
  past_due_since: string | null;
}

/** Facts of a subscription known to be paid and not past_due (planning an order). */
const PAID: PaymentFacts = { order_paid: true, approved: false, past_due_since: null };

/**
 * Our copy of a Stripe subscription. Plan and product come from the items' price lookup keys
 * (the price table), falling back to the metadata we set when ordering; paygo features from the
 * `paygo_<feature>_monthly` keys. `amount` is the monthly sum of the items after the discount
 * (integer cents, rounded half up); the period is the items' (API 2026-10-28). A live
 * subscription awaits payment until the invoice of its latest order is paid, unless staff
 * approved the customer.
 */
export function toRecord(
  sub: PaymentsSubscription,
  orgUid: string,
  syncedAt: Date,
  facts: PaymentFacts = PAID,
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
    awaiting_payment: isLive(sub.status) && !facts.order_paid && !facts.approved,
    past_due_since: sub.status === 'past_due' ? facts.past_due_since : null,
    synced_at: syncedAt.toISOString(),
  };
}

/**
 * Lookup keys of a subscription's items that the price table no longer sells (a feature taken
 * off sale after it was bought): the customer is still billed for them, so staff must refund
 * and remove them. Items without a lookup key are not ours to judge.
 */
export function unsoldLookupKeys(sub: PaymentsSubscription): string[] {
  return sub.items.flatMap((i) =>
    i.lookup_key && !priceLineByKey(i.lookup_key) && !FEATURE_BY_KEY.has(i.lookup_key)
      ? [i.lookup_key]
      : [],
  );
}

/** A live Stripe status (available-products.ts ENTITLED_STATUSES): billed, may grant access. */
export const isLive = (status: string) => (ENTITLED_STATUSES as readonly string[]).includes(status);

/**
 * What the browser sees of a record (billing.schema.ts subscriptionViewSchema), with the access
 * it gives at `now`: entitled, pending (waiting for the first invoice), grace (past_due, until
 * `grace_ends_at`) or none.
 */
export function toView(record: SubscriptionRecord, now: Date): SubscriptionView {
  const { access, grace_ends_at } = accessOf(record, now);
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
    access,
    grace_ends_at,
  };
}

/** Stripe statuses of subscriptions that are over (their copies are kept as tombstones). */
const GONE_STATUSES = ['canceled', 'incomplete_expired'];

/**
 * The subscription an organisation's profile shows: a live Stripe subscription first (even one
 * awaiting its first payment or past due: the profile says so), then the local paygo
 * entitlement, then the most recently synced other one; null without any. Canceled (tombstone)
 * copies are never shown.
 */
export function currentRecord(records: readonly SubscriptionRecord[]): SubscriptionRecord | null {
  const rank = (r: SubscriptionRecord) => (isLive(r.status) ? (r.source === 'stripe' ? 0 : 1) : 2);
  const sorted = records
    .filter((r) => !GONE_STATUSES.includes(r.status))
    .sort((a, b) => rank(a) - rank(b) || b.synced_at.localeCompare(a.synced_at));
  return sorted[0] ?? null;
}
