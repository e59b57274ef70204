import { describe, expect, test } from 'vitest';
import { availableProductsOf } from '#shared/billing/entitlements';
import { WebhookSignatureInvalid } from '../../../../lambdas/billing/core/billing-errors';
import { orderProduct } from '../../../../lambdas/billing/core/order-product';
import { syncCustomer } from '../../../../lambdas/billing/core/sync-customer';
import { handleWebhook } from '../../../../lambdas/billing/core/webhook';
import { type BillingWorld, billingWorld, caller, setUpCard, signedEvent } from '../fakes';

/** org-a with card billing and alice's individual Advertiser Insights subscription. */
async function subscribed() {
  const w = await billingWorld();
  await setUpCard(w, 'org-a');
  await orderProduct(w.deps, caller('alice'), {
    plan: 'individual',
    product: 'advertiser',
    organization_uid: 'org-a',
  });
  const [sub] = w.payments.subscriptions.values();
  if (!sub) throw new Error('no subscription');
  w.payments.calls.length = 0;
  return { w, sub };
}

const flags = (w: BillingWorld) =>
  availableProductsOf({ memberships: w.accounts, subscriptions: w.store }, 'alice');

describe('stripe webhook', () => {
  test('a bad signature is refused and nothing is read or stored', async () => {
    const { w, sub } = await subscribed();
    w.payments.subscriptions.get(sub.id)!.status = 'canceled';
    const { payload } = signedEvent('evt_1', 'customer.subscription.deleted', {
      object: 'subscription',
      id: sub.id,
      customer: sub.customer,
    });
    const forged = signedEvent('evt_1', 'customer.subscription.deleted', {}, 'whsec_other');

    await expect(handleWebhook(w.deps, payload, forged.signature)).rejects.toBeInstanceOf(
      WebhookSignatureInvalid,
    );
    await expect(handleWebhook(w.deps, payload, '')).rejects.toBeInstanceOf(
      WebhookSignatureInvalid,
    );

    expect(w.payments.calls).toEqual([]);
    expect(w.store.events.size).toBe(0);
    expect((await flags(w)).pro_unlimited).toBe(true);
  });

  test('the same event delivered twice is applied once', async () => {
    const { w, sub } = await subscribed();
    const event = signedEvent('evt_2', 'invoice.paid', {
      object: 'invoice',
      id: 'in_1',
      customer: sub.customer,
    });

    const first = await handleWebhook(w.deps, event.payload, event.signature);
    const second = await handleWebhook(w.deps, event.payload, event.signature);

    expect(first.action).toBe('synced');
    expect(second.action).toBe('duplicate');
    expect(w.payments.calls.filter((c) => c === 'listSubscriptions')).toHaveLength(1);
  });

  test('a stale subscription.updated delivered after subscription.deleted leaves it ended', async () => {
    const { w, sub } = await subscribed();
    // Stripe ended the subscription; its events arrive out of order.
    w.payments.subscriptions.get(sub.id)!.status = 'canceled';
    const deleted = signedEvent('evt_del', 'customer.subscription.deleted', {
      object: 'subscription',
      id: sub.id,
      customer: sub.customer,
      status: 'canceled',
    });
    const staleUpdate = signedEvent('evt_upd', 'customer.subscription.updated', {
      object: 'subscription',
      id: sub.id,
      customer: sub.customer,
      status: 'active',
    });

    await handleWebhook(w.deps, deleted.payload, deleted.signature);
    await handleWebhook(w.deps, staleUpdate.payload, staleUpdate.signature);

    expect(await w.store.subscriptionsOf('org-a')).toEqual([
      expect.objectContaining({ subscription_uid: sub.id, status: 'canceled' }),
    ]);
    expect((await flags(w)).pro_unlimited).toBe(false);
  });

  test('a slow sync that read "active" cannot overwrite a later sync that read "canceled"', async () => {
    const { w, sub } = await subscribed();
    // The slow sync reads Stripe while the subscription is still active...
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const list = w.payments.listSubscriptions.bind(w.payments);
    const slowPayments = Object.create(w.payments) as typeof w.payments;
    slowPayments.listSubscriptions = async (customer: string) => {
      const read = structuredClone(await list(customer));
      await gate;
      return read;
    };
    const slow = syncCustomer({ ...w.deps, payments: slowPayments }, sub.customer);
    await Promise.resolve();
    // ...then Stripe ends it and a second sync copies that, before the slow one writes.
    w.payments.nowS += 60;
    w.payments.subscriptions.get(sub.id)!.status = 'canceled';
    await syncCustomer(w.deps, sub.customer);
    release();
    await slow;

    expect((await w.store.subscriptionsOf('org-a'))[0]?.status).toBe('canceled');
    expect((await flags(w)).pro_unlimited).toBe(false);
  });

  test('an update delivered before the creation still ends with the subscription copied', async () => {
    const { w, sub } = await subscribed();
    await w.store.deleteSubscription('org-a', sub.id);
    const updated = signedEvent('evt_a', 'customer.subscription.updated', {
      object: 'subscription',
      id: sub.id,
      customer: sub.customer,
    });
    const created = signedEvent('evt_b', 'customer.subscription.created', {
      object: 'subscription',
      id: sub.id,
      customer: sub.customer,
    });

    await handleWebhook(w.deps, updated.payload, updated.signature);
    await handleWebhook(w.deps, created.payload, created.signature);

    expect(await w.store.subscriptionsOf('org-a')).toEqual([
      expect.objectContaining({ subscription_uid: sub.id, status: 'active' }),
    ]);
  });

  test('a failed sync releases the event so Stripe’s retry is processed', async () => {
    const { w, sub } = await subscribed();
    const event = signedEvent('evt_3', 'invoice.payment_failed', {
      object: 'invoice',
      customer: sub.customer,
    });
    const list = w.payments.listSubscriptions.bind(w.payments);
    w.payments.listSubscriptions = async () => {
      throw new Error('Stripe is down');
    };

    await expect(handleWebhook(w.deps, event.payload, event.signature)).rejects.toThrow(
      'Stripe is down',
    );
    w.payments.listSubscriptions = list;
    const retry = await handleWebhook(w.deps, event.payload, event.signature);

    expect(retry.action).toBe('synced');
  });

  test('events about no customer, or of other types, are acknowledged and ignored', async () => {
    const { w } = await subscribed();
    const product = signedEvent('evt_4', 'product.updated', { object: 'product', id: 'prod_1' });
    const orphan = signedEvent('evt_5', 'invoice.paid', { object: 'invoice', customer: null });

    expect((await handleWebhook(w.deps, product.payload, product.signature)).action).toBe(
      'ignored',
    );
    expect((await handleWebhook(w.deps, orphan.payload, orphan.signature)).action).toBe('ignored');
    expect(w.payments.calls).toEqual([]);
  });

  test('a customer no organisation knows is logged, not stored', async () => {
    const { w } = await subscribed();
    const event = signedEvent('evt_6', 'invoice.paid', { object: 'invoice', customer: 'cus_x' });

    const outcome = await handleWebhook(w.deps, event.payload, event.signature);

    expect(outcome.action).toBe('synced');
    expect(w.warnings).toEqual([expect.objectContaining({ context: { customer: 'cus_x' } })]);
  });
});
