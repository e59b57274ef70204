import { describe, expect, test } from 'vitest';
import { prorationCredit } from '#shared/billing/proration';
import { featuresSoldBy, gateFor } from '#shared/billing/ratings-gates';
import { BILLING_MESSAGES } from '#shared/contracts/billing.schema';
import { CardError, Forbidden, ValidationError } from '#shared/errors';
import { BillingRequired } from '../../../../lambdas/billing/core/billing-errors';
import { orderProduct } from '../../../../lambdas/billing/core/order-product';
import { type BillingWorld, billingWorld, caller, setUpCard } from '../fakes';

const alice = caller('alice');

function order(w: BillingWorld, over: Record<string, unknown> = {}, who = alice) {
  return orderProduct(w.deps, who, {
    plan: 'individual',
    product: 'advertiser',
    organization_uid: 'org-a',
    ...over,
  } as Parameters<typeof orderProduct>[2]);
}

describe('order_product', () => {
  test('enterprise asks for contact and charges nothing', async () => {
    const w = await billingWorld();

    const result = await order(w, { plan: 'enterprise', product: 'both' });

    expect(result.outcome).toBe('contact');
    expect(result.profile).toBeNull();
    expect(w.payments.subscriptions.size).toBe(0);
    expect(w.payments.calls).not.toContain('createSubscription');
  });

  test('team with Advertiser Insights is enterprise-like: contact, nothing charged', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    const result = await order(w, { plan: 'team', product: 'advertiser' });

    expect(result.outcome).toBe('contact');
    expect(w.payments.subscriptions.size).toBe(0);
  });

  test('paygo is $0 without billing and gives the Starter entitlement', async () => {
    const w = await billingWorld();

    const result = await order(w, { plan: 'paygo', product: undefined });

    expect(result.outcome).toBe('subscribed');
    expect(result.profile?.subscription).toMatchObject({ plan: 'paygo', amount: 0 });
    expect(result.available_products.has_any_subscription).toBe(true);
    expect(result.available_products.pro_unlimited).toBe(false);
    expect(w.payments.subscriptions.size).toBe(0);
  });

  test('paygo features are a subscription of their monthly prices', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    const result = await order(w, {
      plan: 'paygo',
      product: undefined,
      features: ['foot_traffic'],
    });

    expect(result.profile?.subscription).toMatchObject({
      plan: 'paygo',
      features: ['foot_traffic'],
      amount: 2_500,
    });
    expect(result.available_products.pro_foot_traffic).toBe(true);
    expect(result.available_products.pro_unlimited).toBe(false);
  });

  test('individual without billing is refused naming billing, and nothing is charged', async () => {
    const w = await billingWorld();

    const refused = order(w);

    await expect(refused).rejects.toBeInstanceOf(BillingRequired);
    await expect(refused).rejects.toMatchObject({ field: 'billing', status: 400 });
    expect(w.payments.subscriptions.size).toBe(0);
  });

  test('individual Advertiser Insights charges $399 and unlocks it at once (no webhook needed)', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    const result = await order(w);

    expect(result.outcome).toBe('subscribed');
    expect(result.profile?.subscription).toMatchObject({
      plan: 'individual',
      product: 'advertiser',
      amount: 39_900,
      status: 'active',
    });
    expect(result.profile?.invoices[0]).toMatchObject({ amount_paid: 39_900, status: 'paid' });
    expect(result.available_products.pro_unlimited).toBe(true);
    expect(result.available_products.industry_insights_unlimited).toBe(false);
  });

  test('an individual plan entitles the subscriber only, not the other members', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    await order(w);

    const forAnn = await order(w, { plan: 'paygo', product: undefined }, caller('ann'));

    expect(forAnn.available_products.pro_unlimited).toBe(false);
  });

  test('adding Industry to Advertiser replaces the price with both and credits the unused time', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    await order(w);
    const [sub] = w.payments.subscriptions.values();
    const { current_period_start: start, current_period_end: end } = sub!.items[0]!;
    w.payments.nowS += 10 * 24 * 3600;

    const result = await order(w, { product: 'industry' });

    expect(w.payments.subscriptions.size).toBe(1);
    expect(result.profile?.subscription).toMatchObject({ product: 'both', amount: 49_800 });
    const credit = prorationCredit(39_900, start, end, w.payments.nowS);
    expect(credit).toBeGreaterThan(0);
    expect(result.profile?.invoices[0]?.amount_due).toBe(49_800 - credit);
    expect(result.profile?.subscription?.current_period_start).toBe(
      new Date(w.payments.nowS * 1000).toISOString(),
    );
    expect(result.available_products.industry_insights_unlimited).toBe(true);
    expect(result.available_products.pro_unlimited).toBe(true);
  });

  test('ordering what is already owned changes nothing', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    await order(w, { product: 'both' });
    const invoices = w.payments.invoices.length;
    w.payments.calls.length = 0;

    const result = await order(w, { product: 'industry' });

    expect(result.profile?.subscription).toMatchObject({ product: 'both', amount: 49_800 });
    expect(w.payments.invoices).toHaveLength(invoices);
    expect(w.payments.calls).not.toContain('updateSubscription');
    expect(w.payments.calls).not.toContain('createSubscription');
  });

  test('a retried order (same state) creates one subscription', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    const account = await w.store.getAccount('org-a');
    // Both attempts read the same (empty) state, as two racing retries would.
    const subs = await w.payments.listSubscriptions(account!.stripe_customer_id!);
    expect(subs).toEqual([]);

    await Promise.all([order(w), order(w)]);

    expect(w.payments.subscriptions.size).toBe(1);
  });

  test('a valid association code takes 20% off Industry Insights', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    const result = await order(w, { product: 'industry', association_code: ' iba2024 ' });

    expect(result.profile?.subscription).toMatchObject({
      discount_percent: 20,
      amount: 7_920,
    });
  });

  test('an association member’s discounted Industry Insights opens every ratings feature it sells', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    const result = await order(w, { product: 'industry', association_code: 'IBA2024' });

    expect(result.profile?.subscription).toMatchObject({ discount_percent: 20, amount: 7_920 });
    for (const gate of featuresSoldBy('industry'))
      expect(gateFor(gate.feature, result.available_products).allowed, gate.feature).toBe(true);
  });

  test('association members get 20% off team Industry Insights too', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    const result = await order(w, {
      plan: 'team',
      product: 'industry',
      association_code: 'iba2024',
    });

    expect(result.profile?.subscription).toMatchObject({
      plan: 'team',
      discount_percent: 20,
      amount: 19_920,
    });
  });

  test('an association member ordering both products pays 20% less for the Industry Insights part', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    const result = await order(w, { product: 'both', association_code: 'IBA2024' });

    // $498 less 20% of Industry Insights' $99.
    expect(result.profile?.subscription).toMatchObject({ product: 'both', amount: 49_800 - 1_980 });
    expect(result.profile?.invoices[0]?.amount_due).toBe(47_820);
  });

  test('a member adding Advertiser Insights to discounted Industry Insights keeps the saving', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    await order(w, { product: 'industry', association_code: 'IBA2024' });

    const result = await order(w, { product: 'advertiser' });

    expect(result.profile?.subscription).toMatchObject({ product: 'both', amount: 47_820 });
    expect(result.available_products.competitive_data).toBe(true);
  });

  test('without a code both products cost the full $498', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    const result = await order(w, { product: 'both' });

    expect(result.profile?.subscription).toMatchObject({ product: 'both', amount: 49_800 });
  });

  test('an unknown association code is refused on its field', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    await expect(order(w, { product: 'industry', association_code: 'NOPE' })).rejects.toMatchObject(
      { field: 'association_code' },
    );
    expect(w.payments.subscriptions.size).toBe(0);
  });

  test('the association discount does not apply to Advertiser Insights', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    const result = await order(w, { association_code: 'IBA2024' });

    expect(result.profile?.subscription).toMatchObject({ discount_percent: 0, amount: 39_900 });
  });

  test('a refused card fails with the card message and leaves no subscription', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    w.payments.declineWith = 'Your card was declined.';

    const refused = order(w);

    await expect(refused).rejects.toBeInstanceOf(CardError);
    await expect(refused).rejects.toMatchObject({
      result: { card_result: { message: 'Your card was declined.' } },
    });
    expect(w.payments.subscriptions.size).toBe(0);
  });

  test('team Industry needs a real organisation, not the personal one', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'personal-alice');

    const refused = order(w, {
      plan: 'team',
      product: 'industry',
      organization_uid: 'personal-alice',
    });

    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({ message: BILLING_MESSAGES.organization });
  });

  test('team Industry entitles every member of the organisation', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');
    await order(w, { plan: 'team', product: 'industry' });

    const forAnn = await orderProduct(w.deps, caller('ann'), {
      plan: 'team',
      product: 'industry',
      organization_uid: 'org-a',
    });

    expect(forAnn.available_products.industry_insights_unlimited).toBe(true);
    expect(forAnn.profile?.subscription).toMatchObject({ plan: 'team', amount: 24_900 });
  });

  test('a plain member cannot order for the organisation', async () => {
    const w = await billingWorld();
    await setUpCard(w, 'org-a');

    await expect(order(w, {}, caller('amy'))).rejects.toBeInstanceOf(Forbidden);
  });
});
