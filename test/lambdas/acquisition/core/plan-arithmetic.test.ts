import { describe, expect, test } from 'vitest';
import { calculatePlan, selectOutlets } from '../../../../lambdas/acquisition/core/plan';
import { monthlyCap, rateCents } from '../../../../lambdas/acquisition/core/rates';
import { A, B, C, outlet } from '../fakes';

const plan = (budget: number, ownVpa: number | null, ids = ['st-a', 'st-b', 'st-c']) =>
  calculatePlan({
    kind: 'sample',
    budget_cents: budget,
    spot_length_s: 30,
    dayparts: [],
    selection: selectOutlets(ids, [A, B, C], 30, ownVpa),
    own_vpa: ownVpa,
  });

describe('spot rates by length', () => {
  // $500.00 a 30 s spot: 15 s = 0.6 × 50,000 = 30,000 cents; 60 s = 1.8 × 50,000 = 90,000 cents.
  test.each([
    [15, 30_000],
    [30, 50_000],
    [60, 90_000],
  ] as const)('a %i-second airing of a $500 30-second rate costs %i cents', (len, cents) => {
    expect(rateCents(A, len)).toBe(cents);
  });

  test('an odd rate rounds to the nearest cent: 0.6 × 333 = 199.8 → 200 cents', () => {
    expect(rateCents(outlet({ spot_rate_cents: 333 }), 15)).toBe(200);
  });

  test('the monthly cap is 2 × airings per advertiser: A 2 × 100 / 5 = 40; a median wins', () => {
    expect(monthlyCap(A)).toBe(40);
    expect(monthlyCap({ ...A, median_airings_per_month: 12 })).toBe(24);
    expect(monthlyCap(outlet())).toBeNull();
  });
});

describe('calculate, worked by hand', () => {
  /*
   * Budget $10,000.01 = 1,000,001 cents over A and B (C has no rate): 500,000 each, the odd cent
   * to A. Own VPA 2: A yields 2 × 120/100 = 2.4 visits an airing (2.0–3.0), B 2 × 80/100 = 1.6
   * (1.2–1.8).
   * A: floor(500,001 / 50,000) = 10 airings, $5,000 → 24 visits (20–30).
   * B: floor(500,000 / 20,000) = 25 airings, $5,000, past its cap of 20: 20 + 0.5 × 5 = 22.5
   *    effective airings → 36 visits (27–40.5).
   * Total 35 airings, $10,000 spent, 60 visits (47–70.5), cost per visit 1,000,000 / 60 =
   * 16,666.67 → 16,667 cents; 1 cent unspent.
   */
  test('splits the budget evenly, counts airings, visits, interval and cost per visit', () => {
    const r = plan(1_000_001, 2);

    expect(r.lines).toEqual([
      {
        outlet_id: 'st-a',
        label: 'WAAA',
        airings: 10,
        budget_cents: 500_000,
        rate_cents: 50_000,
        visits: 24,
        visits_low: 20,
        visits_high: 30,
      },
      {
        outlet_id: 'st-b',
        label: 'WBBB',
        airings: 25,
        budget_cents: 500_000,
        rate_cents: 20_000,
        visits: 36,
        visits_low: 27,
        visits_high: 40.5,
      },
    ]);
    expect(r).toMatchObject({
      airings: 35,
      visits: 60,
      visits_low: 47,
      visits_high: 70.5,
      cost_per_visit_cents: 16_667,
      basis: 'own_vpa',
      own_vpa: 2,
    });
    expect(r.notes).toContain('WCCC has no known spot rate yet, so it is left out.');
    expect(r.notes.join(' ')).toContain('$0.01 of the budget stays unspent');
    expect(r.notes.join(' ')).toContain('0.6 times');
  });

  /*
   * Without an own VPA the outlets' median VPA is used, interval scaled by the rating's:
   * A 3 a airing (3 × 100/120 = 2.5 .. 3 × 150/120 = 3.75), B 1 (0.75 .. 1.125).
   * Budget $1,000 = 100,000: A floor(50,000 / 50,000) = 1 airing → 3 visits (2.5–3.75);
   * B floor(50,000 / 20,000) = 2 airings → 2 visits (1.5–2.25). Lines show one decimal (3.75 →
   * 3.8, 2.25 → 2.3) and the totals are the sums of the lines shown: 5 visits (4–6.1); $900
   * spent → 90,000 / 5 = 18,000 cents per visit.
   */
  test("without the advertiser's own VPA uses the outlets' median VPA", () => {
    const r = plan(100_000, null);

    expect(r).toMatchObject({
      airings: 3,
      visits: 5,
      visits_low: 4,
      visits_high: 6.1,
      cost_per_visit_cents: 18_000,
      basis: 'outlet_vpa',
    });
    expect(r.lines.map((l) => [l.visits_low, l.visits_high])).toEqual([
      [2.5, 3.8],
      [1.5, 2.3],
    ]);
  });

  /*
   * Curve: 10 budgets from 10% to 200% in steps of 190/9 %. First floor(1,000,001 × 0.1) =
   * 100,000; last 2,000,002: A floor(1,000,001 / 50,000) = 20 airings → 48 visits, B 50 airings
   * → 20 + 0.5 × 30 = 35 effective → 56 visits; 104 in all (low 20 × 2 + 35 × 1.2 = 82, high
   * 20 × 3 + 35 × 1.8 = 123).
   */
  test('the budget curve runs from 10% to 200% and flattens past the caps', () => {
    const { curve } = plan(1_000_001, 2);

    expect(curve).toHaveLength(10);
    expect(curve[0]?.budget_cents).toBe(100_000);
    expect(curve[9]).toEqual({
      budget_cents: 2_000_002,
      visits: 104,
      visits_low: 82,
      visits_high: 123,
    });
    for (let i = 1; i < curve.length; i++)
      expect(curve[i]?.visits).toBeGreaterThanOrEqual(curve[i - 1]?.visits ?? 0);
    // Doubling the budget does not double visits: B is past its cap.
    expect(104 / 60).toBeLessThan(2);
  });

  test('an unknown outlet id is named in the notes and nothing is planned for it', () => {
    const r = plan(100_000, null, ['nope']);

    expect(r.lines).toEqual([]);
    expect(r.cost_per_visit_cents).toBeNull();
    expect(r.notes[0]).toBe('None of the chosen outlets can be planned yet.');
    expect(r.notes).toContain(
      "Outlet nope is not in the chosen markets' outlets, so it is left out.",
    );
  });
});

describe('intervals never go below zero visits', () => {
  /*
   * A rating's interval can reach below zero (visits are signed: below the baseline), but a plan
   * cannot lose visits: VPA 1.5 at rating 60 (−20 to 140) gives a low of 1.5 × −20 / 60 = −0.5,
   * shown as 0. Budget $300, rate $100 → 3 airings, 4.5 visits (0–10.5).
   */
  test('a negative low end of a rating shows as 0 visits', () => {
    const o = outlet({
      id: 'st-n',
      label: 'WNEG',
      rating: 60,
      rating_low: -20,
      rating_high: 140,
      spot_rate_cents: 10_000,
      vpa: 1.5,
      advertisers: 5,
      airings: 100,
    });

    const r = calculatePlan({
      kind: 'sample',
      budget_cents: 30_000,
      spot_length_s: 30,
      dayparts: [],
      selection: selectOutlets(['st-n'], [o], 30, null),
      own_vpa: null,
    });

    expect(r).toMatchObject({ airings: 3, visits: 4.5, visits_low: 0, visits_high: 10.5 });
    expect(r.curve.every((p) => p.visits_low >= 0)).toBe(true);
  });
});
