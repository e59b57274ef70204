import { describe, expect, test } from 'vitest';
import { formatSignedPercent, rawTitle } from '../../../web/src/lib/format';

describe('signed percents', () => {
  test('a signed percent carries a plus sign unless capped', () => {
    expect(formatSignedPercent(0.431)).toBe('+43.1%');
    expect(formatSignedPercent(-0.05)).toBe('-5.0%');
    expect(formatSignedPercent(0.9)).toBe('>60%');
  });
});

describe('signed visits floored at zero keep the raw value on hover', () => {
  test('a negative value keeps the raw value in the title', () => {
    expect(rawTitle(-4.2)).toBe('Raw value: -4.20');
  });

  test('a positive value needs no raw title', () => {
    expect(rawTitle(12.5)).toBeUndefined();
  });
});
