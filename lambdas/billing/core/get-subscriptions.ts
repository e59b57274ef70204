import type { Caller } from '#shared/auth/caller';
import { deriveAvailableProducts } from '#shared/billing/available-products';
import { subscriptionsFor } from '#shared/billing/entitlements';
import type { SubscriptionsResult } from '#shared/contracts/billing.schema';
import type { BillingDeps } from './ports';
import { toView } from './subscription-copy';

/**
 * GET get_subscriptions (spec §7 "Get subscriptions (result)"; §3 "Subscriptions ...
 * organization subscriptions are held"): every subscription the caller is entitled through (their
 * organisations' team and enterprise plans, and the individual plans they ordered), with the
 * available_products flags derived from them (at the current time: the past_due grace period).
 * Read from our copies.
 */
export async function getSubscriptions(
  deps: Pick<BillingDeps, 'accounts' | 'store' | 'now'>,
  caller: Caller,
): Promise<SubscriptionsResult> {
  const records = await subscriptionsFor(
    { memberships: deps.accounts, subscriptions: deps.store },
    caller.userId,
  );
  const now = deps.now();
  return {
    subscriptions: records.map((r) => toView(r, now)),
    available_products: deriveAvailableProducts(records, false, now),
  };
}
