import { describe, expect, test } from 'vitest';
import { median, medianInterval } from '../../../../lambdas/ratings/core/stats';

describe('the median interval from order statistics', () => {
  test('five values give [min, max] at 93.75% coverage', () => {
    // Act
    const i = medianInterval([130, 90, 110, 70, 150]);

    // Assert
    expect(i).toEqual({ low: 70, high: 150, level: 0.9375 });
  });

  test.each([
    // n, k: [x(k), x(n-k+1)] is the narrowest interval with coverage >= 0.90
    [10, 2, 1 - (2 * 11) / 1024],
    [20, 6, 0.9586105346679688],
  ])('%i values give the %i-th smallest and largest', (n, k, level) => {
    // Prepare
    const values = Array.from({ length: n }, (_, i) => (i + 1) * 10);

    // Act
    const i = medianInterval(values);

    // Assert
    expect(i.low).toBe(k * 10);
    expect(i.high).toBe((n - k + 1) * 10);
    expect(i.level).toBeCloseTo(level, 10);
    expect(i.level).toBeGreaterThanOrEqual(0.9);
  });

  test('a thousand values keep a coverage of at least 90% (no underflow)', () => {
    const i = medianInterval(Array.from({ length: 1000 }, (_, i) => i));

    expect(i.level).toBeGreaterThanOrEqual(0.9);
    expect(i.level).toBeLessThan(0.92);
    expect(i.low).toBeGreaterThan(450);
    expect(i.high).toBeLessThan(550);
  });

  test('the median of an even count is the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5])).toBe(5);
  });
});
