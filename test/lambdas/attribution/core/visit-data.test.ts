import { describe, expect, test } from 'vitest';
import { buildVisitDataColumns, SeriesPool } from '../../../../lambdas/attribution/core/visit-data';
import { MIN, T0 } from './fixtures';

const cols = {
  bucketUtc: [T0 + 2 * MIN, T0, T0 + MIN, T0, T0 + 2 * MIN, T0 + MIN],
  dmaCode: ['501', '501', '602', '', '501', null],
  values: [3, 1, 5, 7, 2, 4],
};

describe('buildVisitDataColumns', () => {
  test('sums each DMA per minute and counts unknown geography in the national series only', () => {
    const v = buildVisitDataColumns(cols, 'minute');
    expect(v.startUtc).toBe(T0);
    expect(v.length).toBe(3);
    expect(Array.from(v.byMarket.get('501') ?? [])).toEqual([1, 0, 5]);
    expect(Array.from(v.byMarket.get('602') ?? [])).toEqual([0, 5, 0]);
    expect(Array.from(v.national)).toEqual([8, 9, 5]);
  });

  test('a pool gives the same series on every build, with no leftovers from the last one', () => {
    const pool = new SeriesPool();
    buildVisitDataColumns(
      { bucketUtc: [T0, T0 + 2 * MIN], dmaCode: ['602', '501'], values: [9, 9] },
      'minute',
      pool,
    );
    const v = buildVisitDataColumns(cols, 'minute', pool);
    expect(Array.from(v.byMarket.get('501') ?? [])).toEqual([1, 0, 5]);
    expect(Array.from(v.byMarket.get('602') ?? [])).toEqual([0, 5, 0]);
    expect(Array.from(v.national)).toEqual([8, 9, 5]);
  });
});
