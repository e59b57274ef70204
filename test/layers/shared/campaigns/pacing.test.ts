import { describe, expect, test } from 'vitest';
import { campaignPacing } from '#shared/campaigns/pacing';

const march = {
  flight_start: '2026-03-01',
  flight_end: '2026-03-10',
  budget_cents: 100_000,
  goal: { kind: 'visits' as const, target: 1000 },
};
const figures = {
  cost_cents: 40_000,
  attributed_visits: 300,
  vpa: 12.5,
  cost_per_visit_cents: 133.3,
};

describe('campaign pacing', () => {
  test('spent against budget and the flight elapsed to a date (10-day flight, day 4)', () => {
    const p = campaignPacing(march, figures, '2026-03-04');

    expect(p).toMatchObject({
      spent_cents: 40_000,
      spent_share: 0.4,
      over_budget: false,
      flight_days: 10,
      elapsed_days: 4,
      elapsed_share: 0.4,
    });
  });

  test.each([
    ['before the flight', '2026-02-20', 0],
    ['on its first day', '2026-03-01', 1],
    ['after it ended', '2026-04-30', 10],
  ])('elapsed days %s: %s -> %i', (_name, asOf, days) => {
    expect(campaignPacing(march, figures, asOf).elapsed_days).toBe(days);
  });

  test('a visits goal is on track when visits keep up with the elapsed share', () => {
    expect(campaignPacing(march, figures, '2026-03-03').goal).toMatchObject({
      actual: 300,
      progress: 0.3,
      on_track: true,
    });
    expect(campaignPacing(march, figures, '2026-03-05').goal.on_track).toBe(false);
  });

  test('a cost-per-visit goal is met when the cost is at or under the target (lower is better)', () => {
    const cpv = (target: number) =>
      campaignPacing({ ...march, goal: { kind: 'cost_per_visit', target } }, figures, '2026-03-10')
        .goal;

    expect(cpv(150)).toMatchObject({ on_track: true });
    expect(cpv(100).on_track).toBe(false);
    expect(cpv(100).progress).toBeCloseTo(100 / 133.3, 9);
  });

  test('a VPA goal compares visits per airing with the target', () => {
    const p = campaignPacing(
      { ...march, goal: { kind: 'vpa', target: 10 } },
      figures,
      '2026-03-02',
    );

    expect(p.goal).toMatchObject({ actual: 12.5, progress: 1.25, on_track: true });
  });

  test('over budget; and without costs nothing is claimed about money', () => {
    expect(
      campaignPacing(march, { ...figures, cost_cents: 120_000 }, '2026-03-10').over_budget,
    ).toBe(true);
    const noCost = campaignPacing(
      { ...march, goal: { kind: 'cost_per_visit', target: 100 } },
      { ...figures, cost_cents: null, cost_per_visit_cents: null },
      '2026-03-10',
    );
    expect(noCost).toMatchObject({ spent_cents: null, spent_share: null, over_budget: false });
    expect(noCost.goal).toMatchObject({ actual: null, progress: null, on_track: null });
  });
});
