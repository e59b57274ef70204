import { describe, expect, test } from 'vitest';
import { resolveOptions } from '../../../../lambdas/attribution/core/options';
import { type Airing, NATIONAL, type VisitData } from '../../../../lambdas/attribution/core/types';
import {
  airingKeys,
  countWindows,
  placeAirings,
} from '../../../../lambdas/attribution/core/windows';
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
    expect(grid.keys).toBeNull();
  });

  test('with keys, numbers the stations of each market in order of first airing and gives start minutes', () => {
    const visits = minuteVisits(60, { '501': new Float64Array(60), '502': new Float64Array(60) });
    const airings = [
      airing({ id: 'a', station: 'WAAA', startUtc: T0 + 30 * MIN + 59 }),
      airing({ id: 'b', station: 'WBBB', startUtc: T0 + 10 * MIN }),
      airing({ id: 'c', station: 'WAAA', startUtc: T0 + 12 * MIN, market: '502' }),
      airing({ id: 'd', station: 'WAAA', startUtc: T0 - 5 * MIN }),
      airing({ id: 'e', station: 'WBBB', startUtc: T0 + 40 * MIN, market: '502' }),
    ];
    const keys = placeAirings(airings, visits, resolveOptions(visits), true).keys;

    // The same call sign in another market is another station.
    expect(Array.from(keys?.station ?? [])).toEqual([0, 1, 2, 0, 3]);
    expect(Array.from(keys?.stationFirst ?? [])).toEqual([0, 1, 2, 4]);
    expect(Array.from(keys?.startMinute ?? [])).toEqual(
      [30, 10, 12, -5, 40].map((m) => T0 / 60 + m),
    );
    expect(airingKeys(airings)).toEqual(keys);
  });

  test('in hour mode gives start minutes only when some airing has impressions (its cells need them)', () => {
    const hours: VisitData = {
      ...minuteVisits(24, { '501': new Float64Array(24) }),
      resolution: 'hour',
    };
    const plain = [
      airing({ id: 'a', startUtc: T0 + 90 * MIN }),
      airing({ id: 'b', station: 'WBBB', startUtc: T0 + 10 * MIN }),
    ];
    const withImpressions = [plain[0] as Airing, { ...(plain[1] as Airing), impressions: 1200 }];

    const bare = placeAirings(plain, hours, resolveOptions(hours), true).keys;
    const full = placeAirings(withImpressions, hours, resolveOptions(hours), true).keys;

    expect(Array.from(bare?.station ?? [])).toEqual([0, 1]);
    expect(bare?.startMinute).toHaveLength(0);
    expect(Array.from(full?.startMinute ?? [])).toEqual([90, 10].map((m) => T0 / 60 + m));
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
