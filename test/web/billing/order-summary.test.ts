import { describe, expect, test } from 'vitest';
import type { SubscriptionView } from '#shared/contracts/billing.schema';
import { orderSummary } from '../../../web/src/billing/order-summary';

/** 2026-11-16T12:00:00Z: half-way through a Nov 1 - Dec 1 period. */
const NOW = Date.UTC(2026, 10, 16, 0, 0, 0) / 1000;

const advertiser: SubscriptionView = {
  subscription_uid: 'sub_1',
  organization_uid: 'org-1',
  plan: 'individual',
  product: 'advertiser',
  features: [],
  status: 'active',
  amount: 39_900,
  discount_percent: 0,
  current_period_start: '2026-11-01T00:00:00.000Z',
  current_period_end: '2026-12-01T00:00:00.000Z',
  cancel_at_period_end: false,
  access: 'entitled',
  grace_ends_at: null,
};

const base = { current: null, associationCode: '', now: NOW };

describe('order summary of the confirm step', () => {
  test('the Starter plan is pay as you go with nothing due today', () => {
    const s = orderSummary({ ...base, plan: 'paygo', product: null });

    expect(s).toMatchObject({ kind: 'paygo', dueToday: 0, monthly: 0, renewsAt: null });
  });

  test.each([
    ['enterprise', 'industry'],
    ['team', 'advertiser'],
    ['team', 'both'],
  ] as const)('%s with %s is quoted (TBD)', (plan, product) => {
    expect(orderSummary({ ...base, plan, product })).toMatchObject({
      kind: 'quoted',
      dueToday: null,
      monthly: null,
    });
  });

  test('a first subscription is due in full today and renews in a month', () => {
    const s = orderSummary({ ...base, plan: 'individual', product: 'advertiser' });

    expect(s).toMatchObject({ listPrice: 39_900, monthly: 39_900, dueToday: 39_900, credit: 0 });
    expect(s.renewsAt).toBe(Date.UTC(2026, 11, 16) / 1000);
    expect(s.changesSubscription).toBe(false);
  });

  test('an association code takes 20% off Industry Insights only', () => {
    const industry = orderSummary({
      ...base,
      plan: 'individual',
      product: 'industry',
      associationCode: 'IBA-1',
    });
    const adv = orderSummary({
      ...base,
      plan: 'individual',
      product: 'advertiser',
      associationCode: 'IBA-1',
    });

    expect(industry).toMatchObject({ discount: 1_980, monthly: 7_920, dueToday: 7_920 });
    expect(adv).toMatchObject({ discount: 0, monthly: 39_900, discountNotApplicable: true });
  });

  test('an association code takes 20% of Industry Insights off both products', () => {
    const s = orderSummary({
      ...base,
      plan: 'individual',
      product: 'both',
      associationCode: 'IBA-1',
    });

    expect(s).toMatchObject({
      listPrice: 49_800,
      discount: 1_980,
      monthly: 47_820,
      dueToday: 47_820,
      discountNotApplicable: false,
    });
  });

  test('a member adding Advertiser Insights to discounted Industry Insights keeps the saving', () => {
    const industry: SubscriptionView = {
      ...advertiser,
      product: 'industry',
      amount: 7_920,
      discount_percent: 20,
    };

    const s = orderSummary({
      ...base,
      plan: 'individual',
      product: 'advertiser',
      current: industry,
    });

    expect(s).toMatchObject({ product: 'both', discount: 1_980, monthly: 47_820 });
  });

  test('adding Industry Insights to Advertiser Insights makes both, with a prorated credit', () => {
    const s = orderSummary({
      ...base,
      plan: 'individual',
      product: 'industry',
      current: advertiser,
    });

    // Half of the $399 period is unused: a $199.50 credit against the $498 both price.
    expect(s).toMatchObject({
      product: 'both',
      listPrice: 49_800,
      credit: 19_950,
      dueToday: 29_850,
      changesSubscription: true,
    });
  });

  test('a product the subscription already has is nothing to order', () => {
    const s = orderSummary({
      ...base,
      plan: 'individual',
      product: 'advertiser',
      current: advertiser,
    });

    expect(s).toMatchObject({ alreadyCovered: true, dueToday: 0 });
  });

  test('a canceled subscription gives no credit', () => {
    const s = orderSummary({
      ...base,
      plan: 'individual',
      product: 'industry',
      current: { ...advertiser, status: 'canceled' },
    });

    expect(s).toMatchObject({ product: 'industry', credit: 0, dueToday: 9_900 });
  });
});
