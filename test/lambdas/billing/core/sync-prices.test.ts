import { describe, expect, test } from 'vitest';
import {
  ASSOCIATION_DISCOUNT,
  ASSOCIATION_LINES,
  PAYGO_FEATURES,
  PRICE_LINES,
} from '#shared/billing/price-table';
import { priceIds, syncPrices, wantedPrices } from '../../../../lambdas/billing/core/sync-prices';
import { FakePayments } from '../fake-payments';

describe('sync prices', () => {
  test('creates a monthly price for every plan line, member line and paygo feature, and the coupon', async () => {
    const payments = new FakePayments();

    const result = await syncPrices({ payments });

    expect(result.created).toHaveLength(
      PRICE_LINES.length + ASSOCIATION_LINES.length + PAYGO_FEATURES.length,
    );
    expect(payments.prices.get('individual_both_monthly')?.unit_amount).toBe(49_800);
    // Association members' both: 20% off the Industry Insights part ($99) only.
    expect(payments.prices.get('individual_both_association_monthly')?.unit_amount).toBe(47_820);
    expect(payments.prices.get('paygo_foot_traffic_monthly')?.unit_amount).toBe(2_500);
    expect(payments.coupons.get(ASSOCIATION_DISCOUNT.coupon_id)).toBe(20);
    expect(result.coupon).toBe('created');
  });

  test('is idempotent: a second run changes nothing', async () => {
    const payments = new FakePayments();
    await syncPrices({ payments });
    payments.calls.length = 0;

    const result = await syncPrices({ payments });

    expect(result).toMatchObject({ created: [], moved: [], coupon: 'exists' });
    expect(result.unchanged).toBe(wantedPrices().length);
    expect(payments.calls.filter((c) => c.startsWith('createPrice'))).toEqual([]);
  });

  test('a changed amount moves the lookup key to a new price on the same product', async () => {
    const payments = new FakePayments();
    await syncPrices({ payments });
    const old = payments.prices.get('individual_industry_monthly')!;
    payments.prices.set(old.lookup_key, { ...old, unit_amount: 8_900 });

    const result = await syncPrices({ payments });

    expect(result.moved).toEqual(['individual_industry_monthly']);
    const fresh = payments.prices.get('individual_industry_monthly')!;
    expect(fresh).toMatchObject({ unit_amount: 9_900, product_id: old.product_id });
    expect(fresh.id).not.toBe(old.id);
  });

  test('resolving a key Stripe lacks syncs the table first', async () => {
    const payments = new FakePayments();

    const [id] = await priceIds({ payments }, ['team_industry_monthly']);

    expect(id).toBe(payments.prices.get('team_industry_monthly')?.id);
  });
});
