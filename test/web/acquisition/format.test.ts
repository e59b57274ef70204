import { describe, expect, test } from 'vitest';
import { centsOf, money } from '../../../web/src/acquisition/format';

describe('dollar amounts typed into the calculator', () => {
  test.each([
    ['5000', 500_000],
    ['5,000.5', 500_050],
    ['$5,000.05', 500_005],
    ['0.29', 29],
    [' 120 ', 12_000],
  ])('%s is %i cents, read digit by digit (no float rounding)', (text, cents) => {
    expect(centsOf(text)).toBe(cents);
  });

  test.each(['', 'abc', '5.123', '-5', '1e3', '5,000.00.1'])('%s is not an amount', (text) => {
    expect(centsOf(text)).toBeNull();
  });

  test('cents show as dollars with two decimals', () => {
    expect(money(123_456)).toBe('$1,234.56');
    expect(money(null)).toBe('—');
  });
});
