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

  test('DMAs as dictionary codes give the same series as a code per row, markets in the same order', () => {
    const coded = {
      bucketUtc: cols.bucketUtc,
      // 501 at index 2 and again at 4: two indexes of one code are one market.
      dmaIndex: Int32Array.of(2, 4, 3, 0, 2, 0),
      dmaCodes: ['', 'unused', '501', '602', '501'],
      values: cols.values,
    };

    const a = buildVisitDataColumns(cols, 'minute');
    const b = buildVisitDataColumns(coded, 'minute');

    expect([...b.byMarket.keys()]).toEqual([...a.byMarket.keys()]);
    expect(Array.from(b.byMarket.get('501') ?? [])).toEqual([1, 0, 5]);
    expect(Array.from(b.byMarket.get('602') ?? [])).toEqual([0, 5, 0]);
    expect(Array.from(b.national)).toEqual(Array.from(a.national));
  });

  test('rejects a dictionary code that points outside the codes, naming the row', () => {
    expect(() =>
      buildVisitDataColumns(
        {
          bucketUtc: [T0, T0 + MIN],
          dmaIndex: Uint16Array.of(1, 7),
          dmaCodes: ['', '501'],
          values: [1, 1],
        },
        'minute',
      ),
    ).toThrow('row 1 has dmaIndex 7');
  });
});
