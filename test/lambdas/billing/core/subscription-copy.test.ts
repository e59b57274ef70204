import { describe, expect, test } from 'vitest';
import type { SubscriptionRecord } from '#shared/billing/entitlements';
import type { PaymentsSubscription } from '../../../../lambdas/billing/core/ports';
import { currentRecord, toRecord } from '../../../../lambdas/billing/core/subscription-copy';

const START = Date.UTC(2026, 0, 31, 12) / 1000;
const END = Date.UTC(2026, 1, 28, 12) / 1000;

function sub(over: Partial<PaymentsSubscription>): PaymentsSubscription {
  return {
    id: 'sub_1',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    metadata: { organization_uid: 'org-a', subscriber_user_id: 'alice' },
    items: [],
    discount_percent: 0,
    collection: 'card',
    created: START,
    ...over,
  };
}
const item = (lookup_key: string | null, unit_amount: number) => ({
  id: `si_${lookup_key}`,
  price_id: `price_${lookup_key}`,
  lookup_key,
  unit_amount,
  quantity: 1,
  current_period_start: START,
  current_period_end: END,
});

describe('copying a Stripe subscription', () => {
  test('plan and product come from the price lookup key, the period from the items', () => {
    const copy = toRecord(
      sub({ items: [item('individual_both_monthly', 49_800)] }),
      'org-a',
      new Date('2026-02-01T00:00:00Z'),
    );

    expect(copy).toMatchObject({
      plan: 'individual',
      product: 'both',
      amount: 49_800,
      current_period_start: '2026-01-31T12:00:00.000Z',
      current_period_end: '2026-02-28T12:00:00.000Z',
      subscriber_user_id: 'alice',
      source: 'stripe',
    });
  });

  test('paygo features are read from their lookup keys and summed', () => {
    const copy = toRecord(
      sub({
        items: [item('paygo_foot_traffic_monthly', 2_500), item('paygo_days_monthly', 1_000)],
      }),
      'org-a',
      new Date(),
    );

    expect(copy).toMatchObject({
      plan: 'paygo',
      product: null,
      features: ['foot_traffic', 'days'],
      amount: 3_500,
    });
  });

  test('a price without a known key falls back to the order metadata', () => {
    const copy = toRecord(
      sub({
        items: [item(null, 24_900)],
        metadata: { plan: 'team', product: 'industry', subscriber_user_id: 'ann' },
      }),
      'org-a',
      new Date(),
    );

    expect(copy).toMatchObject({ plan: 'team', product: 'industry' });
  });

  test('the amount is after the discount, rounded to the cent', () => {
    const copy = toRecord(
      sub({ items: [item('individual_industry_monthly', 9_999)], discount_percent: 20 }),
      'org-a',
      new Date(),
    );

    expect(copy.amount).toBe(7_999);
  });
});

describe('the subscription a profile shows', () => {
  const rec = (over: Partial<SubscriptionRecord>) =>
    ({ ...toRecord(sub({}), 'org-a', new Date(0)), ...over }) as SubscriptionRecord;

  test('an active Stripe subscription beats the $0 Starter entitlement and ended ones', () => {
    const picked = currentRecord([
      rec({ subscription_uid: 'paygo_org-a', source: 'local', synced_at: '2026-03-01' }),
      rec({ subscription_uid: 'sub_old', status: 'unpaid', synced_at: '2026-03-02' }),
      rec({ subscription_uid: 'sub_live', synced_at: '2026-01-01' }),
    ]);

    expect(picked?.subscription_uid).toBe('sub_live');
    expect(currentRecord([])).toBeNull();
  });
});
