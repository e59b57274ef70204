import { describe, expect, test } from 'vitest';
import { resolveOptions } from '../../../../lambdas/attribution/core/options';
import { NATIONAL } from '../../../../lambdas/attribution/core/types';
import { placeAirings } from '../../../../lambdas/attribution/core/windows';
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
