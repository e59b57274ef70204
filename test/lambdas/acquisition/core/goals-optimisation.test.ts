import { describe, expect, test } from 'vitest';
import { ValidationError } from '#shared/errors';
import { optimiseGoal } from '../../../../lambdas/acquisition/core/goals';
import { selectOutlets } from '../../../../lambdas/acquisition/core/plan';
import { A, B, C } from '../fakes';

// No own VPA: A costs $500 an airing for 3 visits ($166.67 a visit, cap 40 airings), B $200 for
// 1 visit ($200 a visit, cap 20); C has no rate.
const { buyable, notes } = selectOutlets(['st-b', 'st-a', 'st-c'], [A, B, C], 30, null);
const goal = (
  target: number,
  extra: { goal?: 'visits' | 'acquisitions'; conversion_rate_pct?: number } = {},
) =>
  optimiseGoal({
    kind: 'sample',
    goal: extra.goal ?? 'visits',
    target,
    conversion_rate_pct: extra.conversion_rate_pct,
    buyable,
    notes,
  });

describe('goals optimisation', () => {
  /*
   * 130 visits: A first (cheaper per visit): it would need ceil(130 / 3) = 44 airings, its cap is
   * 40 → 40 airings, 120 visits, $20,000. Then B: ceil(10 / 1) = 10 airings, 10 visits, $2,000.
   * $22,000 for 130 visits.
   */
  test('reaches a visits goal with the cheapest mix, filling the cheapest outlet to its cap first', () => {
    const r = goal(130);

    expect(r).toMatchObject({
      feasible: true,
      budget_cents: 2_200_000,
      visits: 130,
      acquisitions: null,
    });
    expect(r.lines.map((l) => [l.outlet_id, l.airings])).toEqual([
      ['st-a', 40],
      ['st-b', 10],
    ]);
  });

  test('no whole-airing mix within the caps reaches 130 visits for less (checked over every mix)', () => {
    let best = Number.POSITIVE_INFINITY;
    for (let a = 0; a <= 40; a++)
      for (let b = 0; b <= 20; b++)
        if (a * 3 + b * 1 >= 130) best = Math.min(best, a * 50_000 + b * 20_000);

    expect(goal(130).budget_cents).toBe(best);
  });

  test('explains each step in plain sentences', () => {
    const r = goal(130);

    expect(r.explanation).toContain('Goal: 130 visits.');
    expect(r.explanation).toContain(
      'Outlets are taken cheapest cost per expected visit first: WAAA $166.67, WBBB $200.00.',
    );
    expect(r.explanation).toContain(
      'WAAA: 40 airings at $500.00 each (3 visits per airing) cost $20,000.00 for 120 visits; that is its cap of 40 airings a month.',
    );
    expect(r.explanation).toContain('The goal is reached with $22,000.00 for 130 expected visits.');
    expect(r.explanation).toContain('WCCC has no known spot rate yet, so it is left out.');
  });

  /*
   * 3 acquisitions at 2% conversion = 150 visits. Both outlets at their caps: 40 × 3 + 20 × 1 =
   * 140 visits (2.8 acquisitions) for 40 × $500 + 20 × $200 = $24,000: infeasible.
   */
  test('an unreachable goal answers feasible false with the maximum reachable', () => {
    const r = goal(3, { goal: 'acquisitions', conversion_rate_pct: 2 });

    expect(r).toMatchObject({
      feasible: false,
      budget_cents: 2_400_000,
      visits: 140,
      acquisitions: 2.8,
    });
    expect(r.explanation[0]).toBe(
      'Goal: 3 acquisitions, which at a 2% conversion rate takes 150 visits.',
    );
    expect(r.explanation.at(-1)).toBe(
      'Even every chosen outlet at its monthly cap reaches only 140 visits (2.8 acquisitions) for $24,000.00, short of the goal: add outlets or markets.',
    );
  });

  test('an acquisitions goal without a conversion rate is refused naming the field', () => {
    expect(() => goal(3, { goal: 'acquisitions' })).toThrow(ValidationError);
    expect(() => goal(3, { goal: 'acquisitions' })).toThrow(/conversion_rate_pct/);
  });

  test('no usable outlet: infeasible, said plainly', () => {
    const r = optimiseGoal({ kind: 'sample', goal: 'visits', target: 10, buyable: [], notes: [] });

    expect(r).toMatchObject({ feasible: false, budget_cents: 0, visits: 0, lines: [] });
    expect(r.explanation.at(-1)).toMatch(/no plan can reach the goal/);
  });
});
