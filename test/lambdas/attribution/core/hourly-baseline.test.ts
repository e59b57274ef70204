import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import { tzOffsetSeconds } from '../../../../lambdas/attribution/core/local-time';
import type { Airing, VisitData } from '../../../../lambdas/attribution/core/types';
import { accuracyFigures } from '../../../../lambdas/attribution/simulator/accuracy';
import { DIURNAL } from '../../../../lambdas/attribution/simulator/curves';
import { overlapScenario } from '../../../../lambdas/attribution/simulator/overlap-scenario';
import { airing } from './fixtures';

const HOUR = 3600;
const DAY = 86_400;
const WEEK = 7 * DAY;
const TZ = 'America/New_York';
/** Visits an airing brings, all inside the clock hour it starts in. */
const RESPONSE = 4;

/**
 * Hourly visits of one DMA (501, New York) following the daily curve of the simulator in LOCAL
 * time (noise-free, ~100 visits an hour on average), plus RESPONSE visits in the start hour of
 * every airing; national = the DMA.
 */
function hourlyVisits(startUtc: number, hours: number, airings: Airing[]): VisitData {
  const x = new Float64Array(hours);
  for (let i = 0; i < hours; i++) {
    const utc = startUtc + i * HOUR;
    const local = utc + tzOffsetSeconds(TZ, utc);
    const hourOfDay = Math.floor((((local % DAY) + DAY) % DAY) / HOUR);
    x[i] = 100 * (DIURNAL[hourOfDay] as number);
  }
  for (const a of airings) {
    const i = Math.floor((a.startUtc - startUtc) / HOUR);
    if (i >= 0 && i < hours) x[i] = (x[i] as number) + RESPONSE;
  }
  return {
    resolution: 'hour',
    startUtc,
    length: hours,
    byMarket: new Map([['501', x]]),
    national: Float64Array.from(x),
  };
}

/**
 * A busy flight: two spots in every local hour from 07:00 to 23:00 (at :10 and :40, so each
 * window stays inside its hour), every day from `fromUtc` for `days` days. Every daytime hour of
 * the flight is inside a window; only the night hours are spot-free.
 */
function busyFlight(fromUtc: number, days: number): Airing[] {
  const out: Airing[] = [];
  for (let d = 0; d < days; d++) {
    const noonUtc = fromUtc + d * DAY + 12 * HOUR;
    // Local midnight of the day (the offset at local noon is the day's offset).
    const midnight = fromUtc + d * DAY - tzOffsetSeconds(TZ, noonUtc);
    for (let h = 7; h <= 23; h++) {
      for (const minute of [10, 40]) {
        out.push(
          airing({
            id: String(out.length + 1),
            startUtc: midnight + h * HOUR + minute * 60,
            station: minute === 10 ? 'WAAA' : 'WBBB',
          }),
        );
      }
    }
  }
  return out;
}

/** Σ attributed over the result's airings and the injected total (RESPONSE per airing). */
function totals(airings: Airing[], visits: VisitData, fromUtc: number, toUtc: number) {
  const r = attribute(airings, visits, { fromUtc, toUtc });
  const attributed = r.airings.reduce((s, a) => s + a.attributed, 0);
  return { attributed, injected: r.airings.length * RESPONSE, airings: r.airings.length };
}

describe('hourly baseline on a busy schedule', () => {
  test('eight weeks with every daytime hour in a window: the total stays within 15% of the injected visits', () => {
    // Eight spot-free weeks of history, then an eight-week flight (a busy two-month schedule).
    const start = Date.UTC(2016, 4, 2) / 1000; // Monday
    const from = start + 8 * WEEK;
    const to = from + 8 * WEEK;
    const airings = busyFlight(from, 56);
    const visits = hourlyVisits(start, (to - start) / HOUR, airings);

    const t = totals(airings, visits, from, to);

    expect(Math.abs(t.attributed / t.injected - 1)).toBeLessThan(0.15);
  });

  test('a flight after the end of daylight saving: the history weeks are read at the same local hour', () => {
    // History in EDT (UTC−4), the flight in EST (UTC−5): the same UTC hour is another local hour.
    const start = Date.UTC(2016, 8, 5) / 1000; // Monday 5 Sept 2016
    const from = Date.UTC(2016, 10, 7) / 1000; // Monday 7 Nov, the day after the change
    const to = from + 4 * WEEK;
    const airings = busyFlight(from, 28);
    const visits = hourlyVisits(start, (to - start) / HOUR, airings);

    const t = totals(airings, visits, from, to);

    expect(Math.abs(t.attributed / t.injected - 1)).toBeLessThan(0.15);
  });

  test('a busy flight with two days of history: the pre-window rate comes from the same hours of those days, not from the night', () => {
    // Under two weeks of history the baseline is a pre-window rate (no weekly median yet).
    const start = Date.UTC(2016, 4, 2) / 1000;
    const from = start + 2 * DAY;
    const to = from + 8 * DAY;
    const airings = busyFlight(from, 8);
    const visits = hourlyVisits(start, (to - start) / HOUR, airings);

    const t = totals(airings, visits, from, to);

    expect(Math.abs(t.attributed / t.injected - 1)).toBeLessThan(0.15);
  });

  test('hourly data that begin on the day of the first airings: that day is credited with its response, not with most of its hours', () => {
    // No day before the first: its hours take the same hours of the following (spot-free) days.
    const start = Date.UTC(2016, 4, 2, 4) / 1000; // local midnight, Monday 2 May 2016 (EDT)
    const airings: Airing[] = [];
    for (let h = 7; h <= 23; h++) {
      airings.push(
        airing({ id: String(h), startUtc: start + h * HOUR + 10 * 60, station: 'WAAA' }),
      );
    }
    const visits = hourlyVisits(start, 8 * 24, airings);

    const t = totals(airings, visits, start, start + DAY);

    expect(t.airings).toBe(17);
    expect(Math.abs(t.attributed / t.injected - 1)).toBeLessThan(0.15);
  });

  test('no response at all on a busy flight: the hourly baseline attributes next to nothing', () => {
    const start = Date.UTC(2016, 4, 2) / 1000;
    const from = start + 8 * WEEK;
    const to = from + 8 * WEEK;
    const airings = busyFlight(from, 56);
    const visits = hourlyVisits(start, (to - start) / HOUR, []);
    let traffic = 0;
    for (const v of visits.national) traffic += v;

    const t = totals(airings, visits, from, to);

    // Under 1% of the flight's traffic (about 2,400 visits a day): what a baseline error costs.
    expect(Math.abs(t.attributed)).toBeLessThan(0.01 * traffic * (8 / 16));
  });
});

describe('hourly accuracy on the simulated overlap scenario', () => {
  test('national cable over local stations, hourly: the total is within 15% of all injected visits (window and tail)', () => {
    const s = overlapScenario({ seed: 1, resolution: 'hour', size: 'small' });

    for (const split of ['equal', 'response'] as const) {
      const r = attribute(s.airings, s.visits, { fromUtc: s.fromUtc, toUtc: s.toUtc, split });
      const f = accuracyFigures(s, r);
      expect(Math.abs(f.totalError), `split ${split}: total error ${f.totalError}`).toBeLessThan(
        0.15,
      );
    }
  });
});

describe('hourly baseline where an hour is inside a window in every week of the data', () => {
  test('a station airing at 18:00 every day since the data began: its flight airings are credited with their response', () => {
    // Prepare: eight weeks of history in which WCCC airs at 18:10 and 18:40 every day, then an
    // eight-week busy flight; the 18:00 hour is never spot-free, the other daytime hours are
    // spot-free in the history weeks.
    const start = Date.UTC(2016, 4, 2) / 1000; // Monday
    const from = start + 8 * WEEK;
    const to = from + 8 * WEEK;
    const history: Airing[] = [];
    for (let d = 0; d < 56; d++) {
      const noonUtc = start + d * DAY + 12 * HOUR;
      const midnight = start + d * DAY - tzOffsetSeconds(TZ, noonUtc);
      for (const minute of [10, 40]) {
        history.push(
          airing({
            id: `h${history.length + 1}`,
            startUtc: midnight + 18 * HOUR + minute * 60,
            station: 'WCCC',
          }),
        );
      }
    }
    const flight = busyFlight(from, 56);
    const airings = [...history, ...flight];
    const visits = hourlyVisits(start, (to - start) / HOUR, airings);

    // Act
    const r = attribute(airings, visits, { fromUtc: from, toUtc: to });

    // Assert: the flight's airings in the always-masked hour.
    const byId = new Map(airings.map((a) => [a.id, a]));
    const evening = r.airings.filter((x) => {
      const a = byId.get(x.airingId) as Airing;
      const local = a.startUtc + tzOffsetSeconds(TZ, a.startUtc);
      return Math.floor((((local % DAY) + DAY) % DAY) / HOUR) === 18;
    });
    const attributed = evening.reduce((s, x) => s + x.attributed, 0);
    const injected = evening.length * RESPONSE;
    expect(evening.length).toBe(112);
    expect(Math.abs(attributed / injected - 1)).toBeLessThan(0.25);
  });
});

describe('hourly baseline where masked hours hold different numbers of airings', () => {
  test('a station airing four times at 18:00 every day, beside hours of one airing: its flight airings are credited with their response', () => {
    // Prepare: eight weeks of history in which WCCC airs at 18:05, 18:20, 18:35 and 18:50 every
    // day (the 18:00 hour is never spot-free), then a four-week flight in which WCCC goes on,
    // WDDD airs once a day at a daytime hour that moves from day to day, and WEEE four times a
    // day at an evening hour that moves too (those hours are spot-free in the history weeks, so
    // they show how much an hour of one airing and an hour of four run above their shape).
    const start = Date.UTC(2016, 4, 2) / 1000; // Monday
    const from = start + 8 * WEEK;
    const to = from + 4 * WEEK;
    const airings: Airing[] = [];
    const add = (midnight: number, hour: number, minutes: number[], station: string) => {
      for (const minute of minutes) {
        airings.push(
          airing({
            id: String(airings.length + 1),
            startUtc: midnight + hour * HOUR + minute * 60,
            station,
          }),
        );
      }
    };
    for (let d = 0; d < 84; d++) {
      const noonUtc = start + d * DAY + 12 * HOUR;
      const midnight = start + d * DAY - tzOffsetSeconds(TZ, noonUtc);
      add(midnight, 18, [5, 20, 35, 50], 'WCCC');
      if (d < 56) continue;
      add(midnight, 8 + (d % 7), [10], 'WDDD');
      add(midnight, 20 + (d % 3), [5, 20, 35, 50], 'WEEE');
    }
    const visits = hourlyVisits(start, (to - start) / HOUR, airings);

    // Act
    const r = attribute(airings, visits, { fromUtc: from, toUtc: to });

    // Assert: WCCC's flight airings, all in the always-masked hour.
    const byId = new Map(airings.map((a) => [a.id, a]));
    const evening = r.airings.filter((x) => (byId.get(x.airingId) as Airing).station === 'WCCC');
    const attributed = evening.reduce((s, x) => s + x.attributed, 0);
    const injected = evening.length * RESPONSE;
    expect(evening.length).toBe(112);
    expect(Math.abs(attributed / injected - 1)).toBeLessThan(0.15);
  });
});
