import type { RoiInput, RoiResult } from '#shared/contracts/acquisition.schema';

/**
 * acquisitionowl_calculate_roi, in integer cents. Rounding (documented, and the same in every
 * answer): visits count to 0.1 and the conversion rate to 0.01 percentage point (inputs are
 * rounded there first); revenue = visits × rate / 100 × order value is computed exactly in
 * integers (BigInt) and rounded once, half up, to a whole cent. orders to 0.01; ROI % and the
 * break-even conversion rate to 0.01; cost per order = budget / orders rounded half up to a
 * cent (null without orders).
 */
export function calculateRoi(input: RoiInput): RoiResult {
  const v10 = BigInt(Math.round(input.visits * 10));
  const c100 = BigInt(Math.round(input.conversion_rate_pct * 100));
  const value = BigInt(input.order_value_cents);
  const budget = BigInt(input.budget_cents);
  // revenue = (v10 / 10) × (c100 / 100) / 100 × value = v10 × c100 × value / 100,000
  const revenue = halfUp(v10 * c100 * value, 100_000n);
  // orders × 100 = v10 × c100 / 1,000 (orders to 0.01)
  const orders100 = halfUp(v10 * c100, 1_000n);
  return {
    orders: Number(orders100) / 100,
    revenue_cents: Number(revenue),
    roi_pct: Number(halfUp((revenue - budget) * 10_000n, budget)) / 100,
    cost_per_order_cents: orders100 > 0n ? Number(halfUp(budget * 100n, orders100)) : null,
    break_even_conversion_rate_pct:
      v10 > 0n && value > 0n
        ? // budget / (visits × value) × 100, to 0.01: budget × 10 × 100 × 100 / (v10 × value)
          Number(halfUp(budget * 100_000n, v10 * value)) / 100
        : null,
  };
}

/** n / d rounded half away from zero (d > 0). */
function halfUp(n: bigint, d: bigint): bigint {
  const q = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -q : q;
}
