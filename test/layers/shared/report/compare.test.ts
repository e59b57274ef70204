import { describe, expect, test } from 'vitest';
import { formatChange } from '#shared/format';
import { relativeChange } from '#shared/report/compare';

describe('change against the comparison period', () => {
  test.each([
    [120, 100, 0.2],
    [80, 100, -0.2],
    [-5, -10, 0.5],
  ])('from %d to %d is %d', (value, compare, change) => {
    expect(relativeChange(value, compare)).toBeCloseTo(change);
  });

  test('no comparison value, or a zero one, gives no change', () => {
    expect(relativeChange(5, null)).toBeNull();
    expect(relativeChange(5, undefined)).toBeNull();
    expect(relativeChange(5, 0)).toBeNull();
    expect(relativeChange(Number.NaN, 3)).toBeNull();
  });

  test.each([
    [0.123, '+12.3%'],
    [-0.04, '-4.0%'],
    [2.5, '+250%'],
    [0, '0.0%'],
    [null, '—'],
  ])('formatChange(%j) is %s (not capped at 60%%)', (change, text) => {
    expect(formatChange(change)).toBe(text);
  });
});
