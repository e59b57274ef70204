import { describe, expect, test } from 'vitest';
import {
  adSpendFormSchema,
  centsToInput,
  parseDollarsToCents,
  parsePercentToBasisPoints,
  projectAdSpend,
} from '../../../web/src/lib/ad-spend';

describe('money and rates are read as integers, exactly', () => {
  test.each([
    ['1,234.56', 123_456],
    ['$1234', 123_400],
    ['0.1', 10],
    ['19.99', 1999],
    ['1,23', null],
    ['12.345', null],
    ['-5', null],
    ['abc', null],
    ['', null],
  ])('dollars %j -> %j cents', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  test.each([
    ['2.5', 250],
    ['2.5%', 250],
    ['100', 10_000],
    ['0.01', 1],
    ['1.234', null],
  ])('percent %j -> %j basis points', (text, bp) => {
    expect(parsePercentToBasisPoints(text)).toBe(bp);
  });

  test('cents print back as a dollar field', () => {
    expect(centsToInput(500_000)).toBe('5000.00');
    expect(centsToInput(1_999)).toBe('19.99');
  });
});

describe('the projection', () => {
  test('spend / cost per visit -> visits; x rate -> conversions; x order value -> revenue; ROI', () => {
    // $5,000 at $8.00 per visit = 625 visits; 2% -> 12.5 conversions; x $80 = $1,000.
    const p = projectAdSpend({ ad_spend: 500_000, conversion_rate: 200, order_value: 8_000 }, 800);

    expect(p).toEqual({
      visits: 625,
      conversions: 12.5,
      revenueCents: 100_000,
      profitCents: -400_000,
      roi: -0.8,
    });
  });

  test('revenue is whole cents', () => {
    const p = projectAdSpend({ ad_spend: 1_000, conversion_rate: 333, order_value: 1_001 }, 300);

    expect(Number.isInteger(p?.revenueCents)).toBe(true);
  });

  test('no cost per visit, no projection', () => {
    expect(projectAdSpend({ ad_spend: 1, conversion_rate: 1, order_value: 1 }, null)).toBeNull();
    expect(projectAdSpend({ ad_spend: 1, conversion_rate: 1, order_value: 1 }, 0)).toBeNull();
  });
});

describe('form validation', () => {
  test('valid text becomes integers', () => {
    expect(
      adSpendFormSchema.parse({ ad_spend: '5,000', conversion_rate: '2.5', order_value: '80' }),
    ).toEqual({ ad_spend: 500_000, conversion_rate: 250, order_value: 8_000 });
  });

  test('each bad field gets a message naming it', () => {
    const result = adSpendFormSchema.safeParse({
      ad_spend: '0',
      conversion_rate: '150',
      order_value: 'lots',
    });

    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`) ?? [];
    expect(messages).toEqual([
      expect.stringMatching(/^ad_spend: Ad spend:/),
      expect.stringMatching(/^conversion_rate: Conversion rate:/),
      expect.stringMatching(/^order_value: Average order value:/),
    ]);
  });
});
