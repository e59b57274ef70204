import type { Caller } from '#shared/auth/caller';
import { ENTITLED_STATUSES } from '#shared/billing/available-products';
import type { BillingProfile } from '#shared/contracts/billing.schema';
import { NotFound } from '#shared/errors';
import { requireBillingManager } from './billing-access';
import { billingProfileOf } from './get-billing-profile';
import type { BillingDeps } from './ports';
import { syncCustomer } from './sync-customer';

/**
 * POST cancel_subscription (spec §7 "Cancel subscription POST (result is the updated profile
 * with subscription_uid)"): cancels at the end of the paid period, so access stays
 * until then (`resume: true` undoes it before the period ends). The $0 paygo entitlement has no
 * period: cancelling removes it at once.
 *
 * Steps:
 * 1. The caller must be an owner or admin.
 * 2. Find the organisation's entitled Stripe subscription and set cancel_at_period_end (or
 *    clear it to resume); copy it from Stripe.
 * 3. Without one, a cancel removes the local paygo entitlement.
 * @returns the refreshed profile (its subscription shows cancel_at_period_end).
 * @throws NotFound('Subscription') when there is nothing to cancel or resume; NotFound /
 *   Forbidden as requireBillingManager.
 */
export async function cancelSubscription(
  deps: BillingDeps,
  caller: Caller,
  input: { organization_uid: string; resume: boolean },
): Promise<BillingProfile> {
  const { org } = await requireBillingManager(deps, caller, input.organization_uid);
  const customer = (await deps.store.getAccount(org.org_uid))?.stripe_customer_id ?? null;
  const subs = customer ? await deps.payments.listSubscriptions(customer) : [];
  const target = subs.find((s) => (ENTITLED_STATUSES as readonly string[]).includes(s.status));

  if (target && customer) {
    if (target.cancel_at_period_end !== !input.resume)
      await deps.payments.setCancelAtPeriodEnd(target.id, !input.resume);
    await syncCustomer(deps, customer, org.org_uid);
    return billingProfileOf(deps, org);
  }
  const local = (await deps.store.subscriptionsOf(org.org_uid)).find((r) => r.source === 'local');
  if (!local || input.resume) throw new NotFound('Subscription');
  await deps.store.deleteSubscription(org.org_uid, local.subscription_uid);
  return billingProfileOf(deps, org);
}
