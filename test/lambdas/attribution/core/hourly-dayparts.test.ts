import { describe, expect, test } from 'vitest';
import { DAYPARTS } from '../../../../lambdas/attribution/core/dayparts';
import {
  DAYPART_GROUPS,
  daypartSums,
  hourGroups,
  localHours,
  solveDayparts,
} from '../../../../lambdas/attribution/core/hourly-dayparts';

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
