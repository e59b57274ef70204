import { describe, expect, test } from 'vitest';
import { packedMap } from '../../../../lambdas/attribution/core/packed-map';

describe('per-market lists without holes', () => {
  test('maps every element with its index, in order, as Array.prototype.map does', () => {
    const markets = [{ tz: 'America/New_York' }, { tz: undefined }, { tz: 'America/Chicago' }];
    const seen: number[] = [];
    const out = packedMap(markets, (m, i) => {
      seen.push(i);
      return m.tz ?? null;
    });
    expect(out).toEqual(['America/New_York', null, 'America/Chicago']);
    expect(seen).toEqual([0, 1, 2]);
  });

  test('fills every index, where map would leave a hole in its result', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    const sparse: (Float64Array | undefined)[] = [, new Float64Array(2)];
    expect(0 in sparse.map((x) => x ?? null)).toBe(false);
    const out = packedMap(sparse, (x) => x ?? null);
    expect(0 in out).toBe(true);
    expect(out).toEqual([null, new Float64Array(2)]);
  });

  test('takes array-likes such as a typed array of station codes', () => {
    expect(packedMap(Int32Array.of(7, 9), (u) => `station ${u}`)).toEqual([
      'station 7',
      'station 9',
    ]);
  });
});
