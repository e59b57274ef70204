import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import { airing, constant, MIN, minuteVisits, T0, WEEK_MIN } from './fixtures';

const m0 = 3 * WEEK_MIN + 14 * 60; // week 4, Monday 14:00 UTC

describe('seasonal baseline', () => {
  test('uses the median of the same weekday and minute over past weeks, not the latest week alone', () => {
    // Weeks 1-3 at this time of week: 10, 12, 30 visits/min (week 3 had a promotion) → median 12.
    const len = 4 * WEEK_MIN;
    const x = constant(len, 10);
    for (let t = m0 - 60; t < m0 + 60; t++) {
      x[t - WEEK_MIN] = 30;
      x[t - 2 * WEEK_MIN] = 12;
      x[t] = 12;
    }
    for (let t = m0; t < m0 + 8; t++) x[t] = 20;

    const r = attribute(
      [airing({ id: 'a', startUtc: T0 + m0 * MIN })],
      minuteVisits(len, { '501': x }),
    );

    expect(r.airings[0]?.expected).toBeCloseTo(8 * 12, 6);
    expect(r.airings[0]?.attributed).toBeCloseTo(8 * 8, 6);
  });

  test('excludes past minutes inside airing windows from the median', () => {
    // A past airing one week earlier spiked to 50; that week is skipped, leaving weeks 1-2 (10 and 10).
    const len = 4 * WEEK_MIN;
    const x = constant(len, 10);
    for (let t = m0 - WEEK_MIN; t < m0 - WEEK_MIN + 8; t++) x[t] = 50;
    for (let t = m0 - 2 * WEEK_MIN; t < m0 - 2 * WEEK_MIN + 8; t++) x[t] = 50;
    for (let t = m0; t < m0 + 8; t++) x[t] = 15;
    const airings = [
      airing({ id: 'past1', startUtc: T0 + (m0 - WEEK_MIN) * MIN }),
      airing({ id: 'past2', startUtc: T0 + (m0 - 2 * WEEK_MIN) * MIN }),
      airing({ id: 'now', startUtc: T0 + m0 * MIN }),
    ];

    const r = attribute(airings, minuteVisits(len, { '501': x }));

    expect(r.airings[2]?.expected).toBeCloseTo(80, 6);
    expect(r.airings[2]?.attributed).toBeCloseTo(40, 6);
    expect(r.airings[0]?.attributed).toBeGreaterThan(300);
  });

  test('with less than two weeks of history falls back to the pre-window rate', () => {
    // Six days of data: no week of history. The 15 minutes before the airing average 6.
    const len = 6 * 1440;
    const at = 3 * 1440 + 600;
    const x = constant(len, 4);
    for (let t = at - 15; t < at; t++) x[t] = t % 2 === 0 ? 4 : 8;
    for (let t = at; t < at + 8; t++) x[t] = 11;

    const r = attribute(
      [airing({ id: 'a', startUtc: T0 + at * MIN })],
      minuteVisits(len, { '501': x }),
    );

    const pre =
      Array.from({ length: 15 }, (_, i) => ((at - 15 + i) % 2 === 0 ? 4 : 8)).reduce(
        (s, v) => s + v,
        0,
      ) / 15;
    expect(r.airings[0]?.expected).toBeCloseTo(8 * pre, 6);
    expect(r.airings[0]?.attributed).toBeCloseTo(88 - 8 * pre, 6);
  });
});
