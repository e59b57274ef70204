import type { SubscriptionRecord } from '#shared/billing/entitlements';
import type { BillingDeps, PaymentsSubscription } from './ports';
import { isLive, type PaymentFacts, toRecord, unsoldLookupKeys } from './subscription-copy';

/** What a sync did. */
export interface SyncResult {
  /** null when neither our index nor Stripe's metadata names the customer's organisation. */
  organization_uid: string | null;
  /** Live subscriptions (active, trialing, past_due; paid or not). */
  kept: number;
  /** Copies deleted (Stripe no longer has them active). */
  removed: number;
}

/**
 * Rewrites an organisation's billing copies from Stripe, the source of truth (webhooks, the
 * billing writes and the hourly reconcile all end here). Because it always re-reads Stripe instead of applying an event's
 * payload, duplicated and out-of-order events end in the right state.
 *
 * Steps:
 * 1. Find the organisation: our customer index, else the subscriptions' metadata.
 * 2. List the customer's subscriptions (any status) and write a copy of each (plan, product,
 *    features, status, amount after discount, item period as ISO, cancel_at_period_end). A
 *    canceled one stays as a copy with its status (a tombstone that grants nothing). A live one
 *    awaits payment (grants nothing) until the invoice of its latest order (creation or change)
 *    is paid, unless staff approved the organisation as an invoice customer. A past_due
 *    one keeps the time the copy first saw it past_due (its grace period counts from there;
 *    a recovery clears it, so a later failure starts a new grace period). Each copy
 *    carries `synced_at` = when Stripe was READ, and the store keeps only the newest read, so
 *    two syncs racing (a slow one that read "active" and a later one that read "canceled") end
 *    in the later state.
 *    A live subscription still billing a price the table no longer sells is logged (ids and
 *    lookup keys only) for staff to refund.
 * 3. Delete copies of this customer's subscriptions Stripe no longer lists at all.
 * 4. Copy the default card's brand and last 4 digits to the billing account.
 * @param knownOrg the organisation when the caller already knows it.
 */
export async function syncCustomer(
  deps: Pick<BillingDeps, 'payments' | 'store' | 'now' | 'warn'>,
  customerId: string,
  knownOrg?: string,
): Promise<SyncResult> {
  const readAt = deps.now();
  const subs = await deps.payments.listSubscriptions(customerId);
  const orgUid =
    knownOrg ??
    (await deps.store.orgOfCustomer(customerId)) ??
    subs.find((s) => s.metadata.organization_uid)?.metadata.organization_uid ??
    null;
  if (!orgUid) {
    deps.warn('billing sync: customer of no known organization', { customer: customerId });
    return { organization_uid: null, kept: 0, removed: 0 };
  }

  const [account, stored] = await Promise.all([
    deps.store.getAccount(orgUid),
    deps.store.subscriptionsOf(orgUid),
  ]);
  const approved = Boolean(account?.invoice_approved_at);
  const facts = await Promise.all(
    subs.map((s) =>
      paymentFacts(
        deps,
        s,
        stored.find((r) => r.subscription_uid === s.id),
        approved,
        readAt,
      ),
    ),
  );
  await Promise.all(
    subs.map((s, i) => deps.store.putSubscription(toRecord(s, orgUid, readAt, facts[i]))),
  );
  for (const s of subs.filter((x) => isLive(x.status))) {
    const unsold = unsoldLookupKeys(s);
    if (unsold.length > 0)
      deps.warn('billing sync: subscription bills prices no longer on sale', {
        subscription: s.id,
        lookup_keys: unsold,
      });
  }

  const listed = new Set(subs.map((s) => s.id));
  const stale = stored.filter(
    (r) => r.source === 'stripe' && r.customer_id === customerId && !listed.has(r.subscription_uid),
  );
  await Promise.all(stale.map((r) => deps.store.deleteSubscription(orgUid, r.subscription_uid)));

  const card = (await deps.payments.listPaymentMethods(customerId)).find((c) => c.default);
  await deps.store.updateAccount(orgUid, {
    stripe_customer_id: customerId,
    card_brand: card?.brand ?? null,
    card_last4: card?.last4 ?? null,
    updated_at: readAt.toISOString(),
  });
  const kept = subs.filter((s) => isLive(s.status)).length;
  return { organization_uid: orgUid, kept, removed: stale.length };
}

/**
 * What the copy of `sub` records besides Stripe's fields: whether the invoice of its latest order
 * is paid (asked of Stripe for live subscriptions only: renewals are governed by past_due), the
 * customer's approval, and since when it is past_due (the earlier copy's time while it stays
 * past_due, else `readAt`).
 */
async function paymentFacts(
  deps: Pick<BillingDeps, 'payments'>,
  sub: PaymentsSubscription,
  previous: SubscriptionRecord | undefined,
  approved: boolean,
  readAt: Date,
): Promise<PaymentFacts> {
  const orderPaid = !isLive(sub.status) || (await deps.payments.orderInvoicePaid(sub.id));
  const keepSince = previous?.status === 'past_due' ? (previous.past_due_since ?? null) : null;
  return {
    order_paid: orderPaid,
    approved,
    past_due_since: sub.status === 'past_due' ? (keepSince ?? readAt.toISOString()) : null,
  };
}
