import { describe, expect, test } from 'vitest';
import { median8, medianInPlace, storeMedian8 } from '../../../../lambdas/attribution/core/stats';

describe('eight-week median of the seasonal baseline', () => {
  test('averages the 4th and 5th smallest of eight weeks, whatever their order', () => {
    // Sorted: 1, 2, 3, 4, 10, 11, 12, 50 → (4 + 10) / 2 = 7.
    expect(median8(50, 3, 12, 1, 10, 4, 2, 11)).toBe(7);
    expect(median8(1, 2, 3, 4, 10, 11, 12, 50)).toBe(7);
    expect(median8(50, 12, 11, 10, 4, 3, 2, 1)).toBe(7);
  });

  test('ignores a one-week spike and handles ties', () => {
    expect(median8(5, 5, 5, 500, 5, 5, 5, 5)).toBe(5);
    expect(median8(2, 8, 2, 8, 2, 8, 2, 8)).toBe(5);
  });

  test('signals a missing week (NaN) so the caller can fall back', () => {
    expect(median8(1, 2, 3, Number.NaN, 5, 6, 7, 8)).toBeNaN();
  });

  test('agrees with the general median on every ordering of eight distinct weeks', () => {
    // 2,000 shuffles: the weeks land in every half and rank, so both sorts and the merge are hit.
    const vals = [0.5, 1.25, 2, 3.75, 4, 6.5, 9, 20];
    let seed = 7;
    for (let n = 0; n < 2000; n++) {
      const a = vals.slice();
      for (let i = a.length - 1; i > 0; i--) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const j = seed % (i + 1);
        [a[i], a[j]] = [a[j] as number, a[i] as number];
      }
      const [a0, a1, a2, a3, a4, a5, a6, a7] = a as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      expect(median8(a0, a1, a2, a3, a4, a5, a6, a7)).toBe(medianInPlace(Float64Array.from(a), 8));
    }
  });

  test('reads eight weeks a stride apart and matches the general median, ties included', () => {
    // Weeks of 3 buckets: week k of bucket 1 sits at m[1 + 3k]. Values 0..3 in quarters: many ties.
    let seed = 11;
    const m = new Float64Array(24);
    const out = new Float64Array(1);
    for (let n = 0; n < 3000; n++) {
      for (let i = 0; i < m.length; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        m[i] = (seed % 13) / 4;
      }
      const weeks = Float64Array.from({ length: 8 }, (_, k) => m[1 + 3 * k] as number);

      const stored = storeMedian8(m, 1, 3, out, 0);

      expect(stored).toBe(true);
      expect(out[0]).toBe(medianInPlace(weeks, 8));
    }
  });

  test('leaves the output alone and reports false when a week is missing (NaN)', () => {
    const m = Float64Array.from([1, 2, 3, 4, Number.NaN, 6, 7, 8]);
    const out = Float64Array.of(-1);

    const stored = storeMedian8(m, 0, 1, out, 0);

    expect(stored).toBe(false);
    expect(out[0]).toBe(-1);
  });
});
