import { describe, expect, test } from 'vitest';
import { resolveOptions } from '../../../../lambdas/attribution/core/options';
import { NATIONAL } from '../../../../lambdas/attribution/core/types';
import { countWindows, placeAirings } from '../../../../lambdas/attribution/core/windows';
import { airing, MIN, minuteVisits, T0 } from './fixtures';

describe('placeAirings', () => {
  test('lists each market by start minute, equal starts in input order', () => {
    const visits = minuteVisits(60, { '501': new Float64Array(60) });
    const airings = [
      airing({ id: 'a', startUtc: T0 + 30 * MIN }),
      airing({ id: 'b', startUtc: T0 + 10 * MIN + 5 }),
      airing({ id: 'n', startUtc: T0, market: NATIONAL }),
      airing({ id: 'c', startUtc: T0 + 10 * MIN + 40 }),
      airing({ id: 'd', startUtc: T0 - 5 * MIN }),
    ];
    const grid = placeAirings(airings, visits, resolveOptions(visits));
    expect(Array.from(grid.byMarket.get('501') ?? [])).toEqual([4, 1, 3, 0]);
    expect(Array.from(grid.byMarket.get(NATIONAL) ?? [])).toEqual([2]);
    expect(grid.first[4]).toBe(-5);
  });
});

describe('countWindows', () => {
  test('counts the airings active in each bucket, clipped to the series and saturating at 255', () => {
    // Prepare: three airings over buckets 1..3, 2..4 and 4..6 of a 5-bucket series, and one bucket
    // already at 255.
    const grid = {
      first: Int32Array.from([1, 2, 4]),
      last: Int32Array.from([3, 4, 6]),
      imp: new Float64Array(3),
    };
    const count = Uint8Array.from([255, 0, 0, 0, 0]);

    // Act
    countWindows(count, Int32Array.from([0, 1, 2]), grid);
    countWindows(count, Int32Array.from([]), grid);
    const full = Uint8Array.from([255, 255, 0, 0, 0]);
    countWindows(full, Int32Array.from([0]), grid);

    // Assert
    expect([...count]).toEqual([255, 1, 2, 2, 2]);
    expect([...full]).toEqual([255, 255, 1, 1, 0]);
  });
});
