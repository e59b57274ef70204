import { describe, expect, test } from 'vitest';
import { addOneMonth, previewProration, prorationCredit } from '#shared/billing/proration';

const at = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h) / 1000;
const DAY = 24 * 3600;

describe('addOneMonth', () => {
  test.each([
    ['mid-month', at(2026, 1, 10, 12), at(2026, 2, 10, 12)],
    ['Jan 31 -> Feb 28', at(2026, 1, 31, 9), at(2026, 2, 28, 9)],
    ['Jan 31 -> Feb 29 in a leap year', at(2024, 1, 31), at(2024, 2, 29)],
    ['Mar 31 -> Apr 30', at(2026, 3, 31), at(2026, 4, 30)],
    ['Dec 15 -> Jan 15 next year', at(2025, 12, 15, 23), at(2026, 1, 15, 23)],
    ['Feb 28 -> Mar 28', at(2026, 2, 28), at(2026, 3, 28)],
  ])('%s', (_name, start, end) => {
    expect(addOneMonth(start)).toBe(end);
  });
});

describe('prorationCredit', () => {
  // Jan 10 -> Feb 10 is 31 days; on Jan 20, 21 days are unused: 39,900 x 21 / 31 = 27,029.03.
  test('credits the unused share of a 31-day period, rounded to the cent', () => {
    expect(prorationCredit(39_900, at(2026, 1, 10), at(2026, 2, 10), at(2026, 1, 20))).toBe(27_029);
  });

  // Apr 1 -> May 1 is 30 days; on Apr 16, 15 are unused: 9,900 / 2.
  test('half of a 30-day period is half the price', () => {
    expect(prorationCredit(9_900, at(2026, 4, 1), at(2026, 5, 1), at(2026, 4, 16))).toBe(4_950);
  });

  // A period that started on Jan 31 ends on Feb 28 (28 days); at Feb 14 noon, 14 days remain.
  test('a month-end period clamped to February is prorated over its 28 days', () => {
    const start = at(2026, 1, 31, 12);
    expect(prorationCredit(49_800, start, addOneMonth(start), at(2026, 2, 14, 12))).toBe(24_900);
  });

  test('rounds half a cent up', () => {
    expect(prorationCredit(1, 0, 2, 1)).toBe(1);
    expect(prorationCredit(3, 0, 2, 1)).toBe(2);
  });

  test.each([
    ['at the start: everything back', at(2026, 1, 10), 9_900],
    ['before the start: everything back', at(2026, 1, 1), 9_900],
    ['at the end: nothing', at(2026, 2, 10), 0],
    ['after the end: nothing', at(2026, 3, 1), 0],
  ])('%s', (_name, when, credit) => {
    expect(prorationCredit(9_900, at(2026, 1, 10), at(2026, 2, 10), when)).toBe(credit);
  });

  test('a zero-length period credits nothing', () => {
    expect(prorationCredit(9_900, at(2026, 1, 10), at(2026, 1, 10), at(2026, 1, 10))).toBe(0);
  });
});

describe('previewProration', () => {
  test('adding Industry to Advertiser 10 days into the cycle: $498 less the credit', () => {
    const start = at(2026, 1, 10);
    const preview = previewProration(39_900, 49_800, start, addOneMonth(start), start + 10 * DAY);

    expect(preview).toEqual({ newAmount: 49_800, credit: 27_029, dueToday: 22_771 });
  });

  test('a credit larger than the new price leaves nothing due today', () => {
    const start = at(2026, 1, 10);
    expect(previewProration(49_800, 9_900, start, addOneMonth(start), start).dueToday).toBe(0);
  });
});
