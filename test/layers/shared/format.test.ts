import { describe, expect, test } from 'vitest';
import {
  abbreviate,
  floorAtZero,
  formatCents,
  formatDateMDY,
  formatDateRange,
  formatPercent,
  formatRatio,
} from '#shared/format';

describe('abbreviate (spec §9: k 1 decimal, m/b/t 2 decimals, 0 or non-number shows 0)', () => {
  test.each([
    [0, '0'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
    [0.4, '0'],
    [7, '7'],
    [999, '999'],
    [999.6, '1.0k'],
    [1000, '1.0k'],
    [1234, '1.2k'],
    [48_210, '48.2k'],
    [999_960, '1.00m'],
    [2_500_000, '2.50m'],
    [3_456_000_000, '3.46b'],
    [1_200_000_000_000, '1.20t'],
    [-1234, '-1.2k'],
  ])('%s shows as %s', (value, expected) => {
    expect(abbreviate(value)).toBe(expected);
  });
});

describe('ratios and percents', () => {
  test.each([
    [5.149, '5.15'],
    [0, '0.00'],
    [1234.5, '1,234.50'],
    [Number.NaN, '0.00'],
  ])('ratio %s shows with 2 decimals as %s', (value, expected) => {
    expect(formatRatio(value)).toBe(expected);
  });

  test.each([
    [0.0382, '3.8%'],
    [0.6, '60.0%'],
    [0.61, '>60%'],
    [0.95, '>60%'],
    [0, '0.0%'],
  ])('fraction %s shows as %s (values above 60%% are capped)', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });
});

describe('money and dates', () => {
  test.each([
    [874, '$8.74'],
    [123_456, '$1,234.56'],
    [0, '$0.00'],
    [-250, '-$2.50'],
    [null, '—'],
  ])('%s cents shows as %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  test('dates show as MM/DD/YYYY without shifting the day', () => {
    expect(formatDateMDY('2024-03-04')).toBe('03/04/2024');
    expect(formatDateMDY('2024-04-08T23:59:00.000Z')).toBe('04/08/2024');
    expect(formatDateMDY('soon')).toBe('soon');
    expect(formatDateRange('2024-03-04', '2024-04-07')).toBe('03/04/2024 – 04/07/2024');
  });
});

describe('signed visits display floored at zero', () => {
  test('negative values show 0', () => {
    expect(floorAtZero(-4.2)).toBe(0);
  });

  test('positive values are unchanged', () => {
    expect(floorAtZero(12.5)).toBe(12.5);
  });
});
