import { describe, expect, test } from 'vitest';
import { DAYPARTS } from '../../../../lambdas/attribution/core/dayparts';
import {
  DAYPART_GROUPS,
  daypartSums,
  hourGroups,
  localHours,
  solveDayparts,
} from '../../../../lambdas/attribution/core/hourly-dayparts';
import { regressResponse } from '../../../../lambdas/attribution/core/hourly-response';
import { logOverlap, newOverlapLog } from '../../../../lambdas/attribution/core/overlap-log';
import { oneDmaRegression } from './fixtures';

const NY = 'America/New_York';
const key = (g: number) => (DAYPARTS[g] as { key: string }).key;

describe('the hourly dayparts', () => {
  test('an hour bucket takes the daypart of its local hour, on the TV grid of its zone', () => {
    const ny = hourGroups(NY);
    const chicago = hourGroups('America/Chicago');

    expect(key(ny[20] as number)).toBe('tv:prime');
    expect(key(ny[19] as number)).toBe('tv:prime_access');
    // Central TV airs the evening an hour earlier: 19:00 there is prime.
    expect(key(chicago[19] as number)).toBe('tv:prime');
    expect(key(ny[24 + 7] as number)).toBe('radio:morning_drive');
  });

  test("the local clock follows the zone's daylight-saving change", () => {
    // Sunday 6 Nov 2016: New York goes from UTC-4 to UTC-5 at 06:00 UTC.
    const start = Date.UTC(2016, 10, 6, 0) / 1000;

    const clock = localHours(start, 12, NY);

    expect(Array.from(clock)).toEqual([20, 21, 22, 23, 0, 1, 1, 2, 3, 4, 5, 6]);
  });

  test('the multipliers solve their normal equations, scaled to a weighted mean of 1', () => {
    // Two dayparts seen alone: d = c / A each, before the ridge and the scaling.
    const s = daypartSums();
    const G = DAYPART_GROUPS;
    s.gram[0] = 1000;
    s.rhs[0] = 500;
    s.gram[5 * G + 5] = 1000;
    s.rhs[5] = 1500;
    const d = new Float64Array(G).fill(1);

    solveDayparts(s, d);

    // With the ridge (0.1 of the mean curvature) toward 1: (500 + 100) / 1100 and (1500 + 100) / 1100.
    expect((d[5] as number) / (d[0] as number)).toBeCloseTo(1600 / 600, 10);
    expect(((d[0] as number) + (d[5] as number)) / 2).toBeCloseTo(1, 10);
    expect(d[3]).toBe(1);
  });
});

/**
 * One New York DMA, 60 days of hours 7-23, eight stations answering 8, 6, 5, 4, 3, 2, 1 and 0
 * visits an airing times the daypart's multiplier (prime 1.6, every other daypart 0.6): each of
 * the first seven airs 0-2 times an hour at random (a fixed seed); the silent eighth airs only in
 * prime time, in the hours where the others air four times or more. Noise-free excess over a baseline of 100. Returns each
 * station's β without and with the daypart multipliers.
 */
function primeTimeSchedule(dayparts: boolean): Float64Array {
  const start = Date.UTC(2016, 8, 5, 4) / 1000; // local midnight, Monday 5 Sept 2016 (EDT)
  const days = 60;
  const response = [8, 6, 5, 4, 3, 2, 1, 0];
  const S = response.length;
  const groups = hourGroups(NY);
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const log = newOverlapLog(64, 0);
  let slots = 0;
  for (let d = 0; d < days; d++) {
    for (let hour = 7; hour <= 23; hour++) {
      const prime = key(groups[hour] as number) === 'tv:prime';
      const list: number[] = [];
      for (let u = 0; u < S - 1; u++) {
        const r = random();
        if (r < 0.4) list.push(u);
        if (r < 0.1) list.push(u);
      }
      if (prime && list.length >= 4) list.push(S - 1);
      if (list.length === 0) continue;
      const e = list.reduce((sum, u) => sum + (response[u] as number) * (prime ? 1.6 : 0.6), 0);
      logOverlap(log, 24 * d + hour, 100 + e, 100, Int32Array.from(list), list.length);
      slots += list.length;
    }
  }
  const input = oneDmaRegression(log, slots, S, {
    tz: NY,
    ...(dayparts
      ? {
          dayparts: {
            startUtc: start,
            length: 24 * days,
            tz: [NY],
            unitTz: response.map(() => NY),
            unitSet: new Uint8Array(S),
            entryMul: [],
          },
        }
      : {}),
  });
  const beta = new Float64Array(S);
  regressResponse(input, beta);
  return beta;
}

describe('the hourly regression with a response multiplier per daypart', () => {
  test('a silent station that airs in the busiest prime-time hours loses most of the prime-time surplus it was credited with', () => {
    // Act
    const without = primeTimeSchedule(false);
    const withDayparts = primeTimeSchedule(true);
    // Assert: one β per station reads the busy prime-time hours, where the silent station airs,
    // as more response than the others' averages explain, and credits it with 4 visits an airing
    // (above the stations answering 1-4); the multipliers take most of that back.
    expect(without[7]).toBeGreaterThan(without[3] as number);
    expect(withDayparts[7]).toBeLessThan(0.5 * (without[7] as number));
    expect(withDayparts[7]).toBeLessThan(withDayparts[4] as number);
  });
});
