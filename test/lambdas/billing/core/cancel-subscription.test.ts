import { describe, expect, test } from 'vitest';
import { availableProductsOf } from '#shared/billing/entitlements';
import { NotFound } from '#shared/errors';
import { cancelSubscription } from '../../../../lambdas/billing/core/cancel-subscription';
import { getBillingProfile } from '../../../../lambdas/billing/core/get-billing-profile';
import { orderProduct } from '../../../../lambdas/billing/core/order-product';
import { reconcile } from '../../../../lambdas/billing/core/reconcile';
import { type BillingWorld, billingWorld, caller, setUpCard } from '../fakes';

const alice = caller('alice');
const flags = (w: BillingWorld) =>
  availableProductsOf({ memberships: w.accounts, subscriptions: w.store }, 'alice');

async function subscribed() {
  const w = await billingWorld();
  await setUpCard(w, 'org-a');
  await orderProduct(w.deps, alice, {
    plan: 'individual',
    product: 'advertiser',
    organization_uid: 'org-a',
  });
  return w;
}

describe('cancel_subscription', () => {
  test('cancels at the period end: access stays until then, and ends after', async () => {
    const w = await subscribed();

    const profile = await cancelSubscription(w.deps, alice, {
      organization_uid: 'org-a',
      resume: false,
    });

    expect(profile.subscription).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect((await flags(w)).pro_unlimited).toBe(true);
    w.payments.advance(32 * 24 * 3600);
    await reconcile(w.deps);
    expect((await flags(w)).pro_unlimited).toBe(false);
    expect(
      (await getBillingProfile(w.deps, alice, { organization_uid: 'org-a' })).subscription,
    ).toBeNull();
  });

  test('resume undoes a cancellation before the period ends', async () => {
    const w = await subscribed();
    await cancelSubscription(w.deps, alice, { organization_uid: 'org-a', resume: false });

    const profile = await cancelSubscription(w.deps, alice, {
      organization_uid: 'org-a',
      resume: true,
    });
    w.payments.advance(32 * 24 * 3600);
    await reconcile(w.deps);

    expect(profile.subscription?.cancel_at_period_end).toBe(false);
    expect((await flags(w)).pro_unlimited).toBe(true);
  });

  test('without a subscription there is nothing to cancel', async () => {
    const w = await billingWorld();

    await expect(
      cancelSubscription(w.deps, caller('bob'), { organization_uid: 'org-b', resume: false }),
    ).rejects.toBeInstanceOf(NotFound);
  });

  test('cancelling the $0 Starter plan removes it at once', async () => {
    const w = await billingWorld();
    await orderProduct(w.deps, alice, { plan: 'paygo', organization_uid: 'org-a' });

    const profile = await cancelSubscription(w.deps, alice, {
      organization_uid: 'org-a',
      resume: false,
    });

    expect(profile.subscription).toBeNull();
    expect((await flags(w)).has_any_subscription).toBe(false);
  });
});
