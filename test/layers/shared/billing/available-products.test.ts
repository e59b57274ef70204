import { describe, expect, test } from 'vitest';
import {
  AVAILABLE_PRODUCT_FLAGS,
  type AvailableProductFlag,
  deriveAvailableProducts,
  type Entitlement,
} from '#shared/billing/available-products';
import { PAST_DUE_GRACE_DAYS } from '#shared/billing/price-table';

const on = (entitlements: Entitlement[], demo = false) => {
  const flags = deriveAvailableProducts(entitlements, demo);
  return AVAILABLE_PRODUCT_FLAGS.filter((f) => flags[f]);
};
const sub = (over: Partial<Entitlement>): Entitlement => ({
  plan: 'individual',
  product: 'industry',
  features: [],
  status: 'active',
  ...over,
});
const INDUSTRY = AVAILABLE_PRODUCT_FLAGS.filter((f) => f.startsWith('industry_insights_'));
const PRO = AVAILABLE_PRODUCT_FLAGS.filter((f) => f.startsWith('pro_'));

describe('deriveAvailableProducts', () => {
  test('no subscription: every flag off', () => {
    expect(on([])).toEqual([]);
  });

  test('Industry Insights turns on every industry_insights_* flag and nothing pro', () => {
    expect(on([sub({ product: 'industry' })])).toEqual(['has_any_subscription', ...INDUSTRY]);
  });

  test('Advertiser Insights turns on every pro_* flag and competitive_data', () => {
    expect(on([sub({ product: 'advertiser' })])).toEqual([
      'has_any_subscription',
      ...PRO,
      'competitive_data',
    ]);
  });

  test('both turns on everything', () => {
    expect(on([sub({ product: 'both' })])).toEqual([...AVAILABLE_PRODUCT_FLAGS]);
  });

  test('paygo features turn on their own flags only', () => {
    const flags = on([sub({ plan: 'paygo', product: null, features: ['foot_traffic', 'days'] })]);

    expect(flags).toEqual<AvailableProductFlag[]>([
      'has_any_subscription',
      'industry_insights_days',
      'pro_foot_traffic',
    ]);
  });

  test('the $0 Starter plan counts as a subscription without unlocking anything', () => {
    expect(on([sub({ plan: 'paygo', product: null })])).toEqual(['has_any_subscription']);
  });

  test.each(['canceled', 'incomplete', 'incomplete_expired', 'unpaid'])(
    'a %s subscription grants nothing',
    (status) => {
      expect(on([sub({ product: 'both', status })])).toEqual([]);
    },
  );

  test.each(['active', 'trialing'])('a paid %s subscription grants access', (status) => {
    expect(on([sub({ product: 'advertiser', status })])).toContain('pro_unlimited');
  });

  test('a live subscription waiting for its first payment grants nothing', () => {
    expect(on([sub({ product: 'both', awaiting_payment: true })])).toEqual([]);
  });

  test(`past_due grants access for ${PAST_DUE_GRACE_DAYS} days from when it became past_due`, () => {
    const since = '2026-03-01T10:00:00.000Z';
    const pastDue = [sub({ product: 'advertiser', status: 'past_due', past_due_since: since })];
    const at = (iso: string) =>
      deriveAvailableProducts(pastDue, false, new Date(iso)).pro_unlimited;

    expect(at('2026-03-08T09:59:59.000Z')).toBe(true);
    expect(at('2026-03-08T10:00:00.000Z')).toBe(false);
  });

  test('a past_due copy without the time it became past_due grants nothing', () => {
    expect(on([sub({ product: 'advertiser', status: 'past_due' })])).toEqual([]);
  });

  test('subscriptions add up: industry from one, advertiser from another', () => {
    expect(
      on([sub({ product: 'industry' }), sub({ plan: 'team', product: 'advertiser' })]),
    ).toEqual([...AVAILABLE_PRODUCT_FLAGS]);
  });

  test('a demo client counts as having everything', () => {
    expect(on([], true)).toEqual([...AVAILABLE_PRODUCT_FLAGS]);
  });
});
