import { describe, expect, test } from 'vitest';
import type { Caller } from '#shared/auth/caller';
import { availableProductsOf } from '#shared/billing/entitlements';
import { PAST_DUE_GRACE_DAYS } from '#shared/billing/price-table';
import { Forbidden } from '#shared/errors';
import { approveInvoiceCustomer } from '../../../../lambdas/billing/core/approve-invoice-customer';
import { getBillingProfile } from '../../../../lambdas/billing/core/get-billing-profile';
import { orderProduct } from '../../../../lambdas/billing/core/order-product';
import { reconcile } from '../../../../lambdas/billing/core/reconcile';
import { handleWebhook } from '../../../../lambdas/billing/core/webhook';
import {
  type BillingWorld,
  billingWorld,
  caller,
  setUpCard,
  setUpInvoice,
  signedEvent,
} from '../fakes';

const alice = caller('alice');
const staff: Caller = { ...caller('stan'), staff: true };
const DAY_S = 24 * 3600;

/** alice's flags at the fake Stripe clock plus `laterS` seconds. */
const flagsAt = (w: BillingWorld, laterS = 0) =>
  availableProductsOf(
    {
      memberships: w.accounts,
      subscriptions: w.store,
      now: () => new Date((w.payments.nowS + laterS) * 1000),
    },
    'alice',
  );

const orderAdvertiser = (w: BillingWorld) =>
  orderProduct(w.deps, alice, {
    plan: 'individual',
    product: 'advertiser',
    organization_uid: 'org-a',
  });

/** The only subscription "Stripe" holds. */
function onlySub(w: BillingWorld) {
  const [sub] = w.payments.subscriptions.values();
  if (!sub) throw new Error('no subscription');
  return sub;
}

let eventN = 0;
/** Delivers a signed event about the subscription's customer, as Stripe would. */
async function deliver(w: BillingWorld, type: string) {
  eventN += 1;
  const sub = onlySub(w);
  const { payload, signature } = signedEvent(`evt_t${eventN}`, type, {
    object: type.startsWith('invoice.') ? 'invoice' : 'subscription',
    id: sub.id,
    customer: sub.customer,
  });
  return handleWebhook(w.deps, payload, signature);
}

describe('invoice billing waits for payment', () => {
  test('an invoice order is pending and unlocks nothing until the first invoice is paid', async () => {
    const w = await billingWorld();
    await setUpInvoice(w, 'org-a');

    const result = await orderAdvertiser(w);

    expect(result.outcome).toBe('pending');
    expect(result.available_products.pro_unlimited).toBe(false);
    expect(result.available_products.has_any_subscription).toBe(false);
    expect(result.profile?.subscription).toMatchObject({ status: 'active', access: 'pending' });
    expect((await flagsAt(w)).pro_unlimited).toBe(false);
  });

  test('paying the first invoice unlocks the product once Stripe says so (invoice.paid)', async () => {
    const w = await billingWorld();
    await setUpInvoice(w, 'org-a');
    await orderAdvertiser(w);
    const invoice = w.payments.invoices.at(-1);

    w.payments.payInvoice(invoice!.id);
    await deliver(w, 'invoice.paid');

    expect((await flagsAt(w)).pro_unlimited).toBe(true);
    const profile = await getBillingProfile(w.deps, alice, { organization_uid: 'org-a' });
    expect(profile.subscription).toMatchObject({ access: 'entitled', grace_ends_at: null });
  });

  test('a lost invoice.paid webhook is made good by the hourly reconcile', async () => {
    const w = await billingWorld();
    await setUpInvoice(w, 'org-a');
    await orderAdvertiser(w);

    w.payments.payInvoice(w.payments.invoices.at(-1)!.id);
    expect((await flagsAt(w)).pro_unlimited).toBe(false);
    await reconcile(w.deps);

    expect((await flagsAt(w)).pro_unlimited).toBe(true);
  });

  test('staff approval of an invoice customer unlocks its orders before payment', async () => {
    const w = await billingWorld();
    await setUpInvoice(w, 'org-a');
    await orderAdvertiser(w);

    const profile = await approveInvoiceCustomer(w.deps, staff, {
      organization_uid: 'org-a',
      approved: true,
    });

    expect(profile.subscription).toMatchObject({ access: 'entitled' });
    expect(profile.invoice_approved).toBe(true);
    expect((await flagsAt(w)).pro_unlimited).toBe(true);
  });

  test('withdrawing the approval puts an unpaid invoice order back to pending', async () => {
    const w = await billingWorld();
    await setUpInvoice(w, 'org-a');
    await orderAdvertiser(w);
    await approveInvoiceCustomer(w.deps, staff, { organization_uid: 'org-a', approved: true });

    await approveInvoiceCustomer(w.deps, staff, { organization_uid: 'org-a', approved: false });

    expect((await flagsAt(w)).pro_unlimited).toBe(false);
  });

  test('only staff may approve an invoice customer, and nothing changes when refused', async () => {
    const w = await billingWorld();
    await setUpInvoice(w, 'org-a');
    await orderAdvertiser(w);

    await expect(
      approveInvoiceCustomer(w.deps, alice, { organization_uid: 'org-a', approved: true }),
    ).rejects.toBeInstanceOf(Forbidden);

    expect((await w.store.getAccount('org-a'))?.invoice_approved_at ?? null).toBeNull();
    expect((await flagsAt(w)).pro_unlimited).toBe(false);
  });

  test('an upgrade ordered on invoice waits for its invoice, even after earlier card payments', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    await orderProduct(w.deps, alice, {
      plan: 'paygo',
      organization_uid: 'org-a',
      features: ['creatives'],
    });
    await setUpInvoice(w, 'org-a');

    const result = await orderProduct(w.deps, alice, {
      plan: 'individual',
      product: 'both',
      organization_uid: 'org-a',
    });

    expect(result.outcome).toBe('pending');
    expect(result.available_products.pro_unlimited).toBe(false);
    expect(result.available_products.industry_insights_unlimited).toBe(false);
  });

  test('switching an unpaid invoice order to card billing does not unlock it', async () => {
    const w = await billingWorld();
    await setUpInvoice(w, 'org-a');
    await orderAdvertiser(w);

    await setUpCard(w, 'org-a');

    expect(onlySub(w).collection).toBe('card');
    expect((await flagsAt(w)).pro_unlimited).toBe(false);
  });

  test('a card order is entitled at once (its first payment is taken when ordering)', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    const result = await orderAdvertiser(w);

    expect(result.outcome).toBe('subscribed');
    expect(result.available_products.pro_unlimited).toBe(true);
  });
});

describe('subscription status transitions', () => {
  /** org-a pays alice's Advertiser Insights by card; the copy is in sync. */
  async function paying() {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    await orderAdvertiser(w);
    return w;
  }

  test('incomplete grants nothing; paying its invoice makes it active and entitled', async () => {
    const w = await paying();
    onlySub(w).status = 'incomplete';
    await deliver(w, 'customer.subscription.updated');
    expect((await flagsAt(w)).pro_unlimited).toBe(false);

    onlySub(w).status = 'active';
    await deliver(w, 'invoice.paid');

    expect((await flagsAt(w)).pro_unlimited).toBe(true);
  });

  test(`past_due keeps access for ${PAST_DUE_GRACE_DAYS} days from when it became past_due, then drops it`, async () => {
    const w = await paying();
    const failedAt = w.payments.nowS;
    onlySub(w).status = 'past_due';
    await deliver(w, 'invoice.payment_failed');

    // A later sync (a retry's event, the reconcile) keeps the time it became past_due.
    w.payments.nowS += 3 * DAY_S;
    await reconcile(w.deps);
    await deliver(w, 'customer.subscription.updated');
    const copy = (await w.store.subscriptionsOf('org-a'))[0];
    expect(copy?.past_due_since).toBe(new Date(failedAt * 1000).toISOString());

    const graceEnd = failedAt + PAST_DUE_GRACE_DAYS * DAY_S;
    const at = (s: number) => flagsAt(w, s - w.payments.nowS);
    expect((await at(graceEnd - 60)).pro_unlimited).toBe(true);
    expect((await at(graceEnd + 1)).pro_unlimited).toBe(false);
  });

  test('the profile says until when a past_due subscription keeps access', async () => {
    const w = await paying();
    const failedAt = w.payments.nowS;
    onlySub(w).status = 'past_due';
    await deliver(w, 'invoice.payment_failed');

    const profile = await getBillingProfile(w.deps, alice, { organization_uid: 'org-a' });

    expect(profile.subscription).toMatchObject({
      status: 'past_due',
      access: 'grace',
      grace_ends_at: new Date((failedAt + PAST_DUE_GRACE_DAYS * DAY_S) * 1000).toISOString(),
    });
  });

  test('past_due after the grace period shows access ended; paying restores it', async () => {
    const w = await paying();
    onlySub(w).status = 'past_due';
    await deliver(w, 'invoice.payment_failed');
    w.payments.nowS += (PAST_DUE_GRACE_DAYS + 1) * DAY_S;

    const late = await getBillingProfile(w.deps, alice, { organization_uid: 'org-a' });
    expect(late.subscription).toMatchObject({ access: 'none' });
    expect((await flagsAt(w)).pro_unlimited).toBe(false);

    onlySub(w).status = 'active';
    await deliver(w, 'invoice.paid');

    expect((await flagsAt(w)).pro_unlimited).toBe(true);
    expect((await w.store.subscriptionsOf('org-a'))[0]?.past_due_since ?? null).toBeNull();
  });

  test('a second failure after a recovery starts a new grace period', async () => {
    const w = await paying();
    onlySub(w).status = 'past_due';
    await deliver(w, 'invoice.payment_failed');
    w.payments.nowS += 5 * DAY_S;
    onlySub(w).status = 'active';
    await deliver(w, 'invoice.paid');
    w.payments.nowS += 25 * DAY_S;
    const secondFailure = w.payments.nowS;

    onlySub(w).status = 'past_due';
    await deliver(w, 'invoice.payment_failed');

    expect((await w.store.subscriptionsOf('org-a'))[0]?.past_due_since).toBe(
      new Date(secondFailure * 1000).toISOString(),
    );
    expect((await flagsAt(w, 6 * DAY_S)).pro_unlimited).toBe(true);
  });

  test.each(['canceled', 'unpaid'])('%s grants nothing', async (status) => {
    const w = await paying();
    onlySub(w).status = status;

    await deliver(w, 'customer.subscription.updated');

    expect((await flagsAt(w)).pro_unlimited).toBe(false);
    expect((await flagsAt(w)).has_any_subscription).toBe(false);
  });
});

describe('prices no longer on sale', () => {
  test('a subscription still billing a feature taken off sale is reported for a refund', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    await orderProduct(w.deps, alice, {
      plan: 'paygo',
      organization_uid: 'org-a',
      features: ['creatives'],
    });
    const sub = onlySub(w);
    // Sold before Weather impact was taken off the list.
    sub.items.push({ ...sub.items[0]!, id: 'si_weather', lookup_key: 'paygo_weather_monthly' });

    await deliver(w, 'customer.subscription.updated');

    expect(w.warnings).toContainEqual({
      message: 'billing sync: subscription bills prices no longer on sale',
      context: { subscription: sub.id, lookup_keys: ['paygo_weather_monthly'] },
    });
    expect((await w.store.subscriptionsOf('org-a'))[0]?.features).toEqual(['creatives']);
  });
});
