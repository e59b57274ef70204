import { describe, expect, test } from 'vitest';
import {
  formatInterval,
  formatPeriod,
  formatRating,
  formatRatingWithInterval,
  movementOf,
} from '../../../web/src/ratings-site/ratings-format';

describe('how the ratings site writes its numbers', () => {
  test.each([
    [104.2, 150.9, '104–151'],
    [-2.4, 98, '−2–98'],
    [-29.5, -3, '−29–−3'],
    [0, 12, '0–12'],
  ])('the interval %s..%s reads %s (a negative bound keeps its minus sign)', (low, high, text) => {
    expect(formatInterval(low, high)).toBe(text);
  });

  test('a rating has one decimal, with its interval in brackets', () => {
    expect(formatRating(118)).toBe('118.0');
    expect(formatRatingWithInterval(62.94, -2.2, 98)).toBe('62.9 (−2–98)');
  });

  test('a period is its month', () => {
    expect(formatPeriod('2016-10')).toBe('October 2016');
  });

  test.each([
    [2, '▲2', 'up 2'],
    [-1, '▼1', 'down 1'],
    [0, '=', 'same place'],
    [null, 'new', 'new in the top ten'],
  ])('movement %s shows %s and reads "%s"', (movement, text, label) => {
    expect(movementOf({ movement })).toEqual({ text, label });
  });
});
