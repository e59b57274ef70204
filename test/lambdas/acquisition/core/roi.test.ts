import { describe, expect, test } from 'vitest';
import { calculateRoi } from '../../../../lambdas/acquisition/core/roi';

describe('ROI in integer cents', () => {
  /*
   * $1,000 budget, 500 visits, 2% convert, $150 an order: 500 × 0.02 = 10 orders, revenue
   * 10 × $150 = $1,500 = 150,000 cents, ROI (1,500 − 1,000) / 1,000 = 50%, $100 per order,
   * break-even rate 1,000 / (500 × 150) = 1.333% → 1.33.
   */
  test('works out orders, revenue, ROI, cost per order and the break-even rate', () => {
    expect(
      calculateRoi({
        budget_cents: 100_000,
        visits: 500,
        conversion_rate_pct: 2,
        order_value_cents: 15_000,
      }),
    ).toEqual({
      orders: 10,
      revenue_cents: 150_000,
      roi_pct: 50,
      cost_per_order_cents: 10_000,
      break_even_conversion_rate_pct: 1.33,
    });
  });

  /*
   * 33.3 visits × 1.5% × 999 cents = 499.0005 cents → 499 (rounded once, to the cent).
   * Orders 33.3 × 0.015 = 0.4995 → 0.50. ROI (499 − 10,000) / 10,000 = −95.01%.
   * Cost per order 10,000 / 0.50 = 20,000. Break-even 10,000 / (33.3 × 999) × 100 = 30.06%.
   */
  test('rounds revenue once, half up, to a whole cent, without float drift', () => {
    expect(
      calculateRoi({
        budget_cents: 10_000,
        visits: 33.3,
        conversion_rate_pct: 1.5,
        order_value_cents: 999,
      }),
    ).toEqual({
      orders: 0.5,
      revenue_cents: 499,
      roi_pct: -95.01,
      cost_per_order_cents: 20_000,
      break_even_conversion_rate_pct: 30.06,
    });
  });

  test('exact at large sums: 1,000,000 visits × 12.34% × $99,999.99 stays in whole cents', () => {
    // 1,000,000 × 0.1234 × 9,999,999 = 1,233,999,876,600 cents exactly (beyond float's exact cents).
    const r = calculateRoi({
      budget_cents: 100,
      visits: 1_000_000,
      conversion_rate_pct: 12.34,
      order_value_cents: 9_999_999,
    });

    expect(r.revenue_cents).toBe(1_233_999_876_600);
  });

  test('no visits: no orders, no cost per order, no break-even rate, ROI −100%', () => {
    expect(
      calculateRoi({
        budget_cents: 5_000,
        visits: 0,
        conversion_rate_pct: 3,
        order_value_cents: 2_000,
      }),
    ).toEqual({
      orders: 0,
      revenue_cents: 0,
      roi_pct: -100,
      cost_per_order_cents: null,
      break_even_conversion_rate_pct: null,
    });
  });
});
