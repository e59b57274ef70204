import { describe, expect, test } from 'vitest';
import {
  ASSOCIATION_DISCOUNT,
  associationLineFor,
  associationSaving,
  combineProducts,
  formatUsd,
  isAssociationLine,
  isEnterpriseLike,
  PAYGO_FEATURES,
  type PlanId,
  PRICE_LINES,
  type ProductId,
  paygoLookupKey,
  priceLineByKey,
  priceLineFor,
  productCovers,
} from '#shared/billing/price-table';

describe('price table', () => {
  test.each([
    ['individual', 'industry', 9_900],
    ['individual', 'advertiser', 39_900],
    ['individual', 'both', 49_800],
    ['team', 'industry', 24_900],
  ] as const)('%s %s costs %i cents a month', (plan, product, cents) => {
    expect(priceLineFor(plan, product)?.unit_amount).toBe(cents);
  });

  test.each([
    ['paygo', 'industry'],
    ['team', 'advertiser'],
    ['team', 'both'],
    ['enterprise', 'industry'],
    ['enterprise', 'both'],
  ] as const)('%s %s has no price line (free or quoted)', (plan, product) => {
    expect(priceLineFor(plan, product)).toBeNull();
  });

  test('every lookup key is unique and finds its own line', () => {
    const keys = PRICE_LINES.map((l) => l.lookup_key);

    expect(new Set(keys).size).toBe(keys.length);
    for (const line of PRICE_LINES) expect(priceLineByKey(line.lookup_key)).toBe(line);
    expect(priceLineByKey('nope')).toBeUndefined();
  });

  test('paygo features have their own monthly lookup keys, from $10', () => {
    expect(paygoLookupKey('foot_traffic')).toBe('paygo_foot_traffic_monthly');
    expect(Math.min(...PAYGO_FEATURES.map((f) => f.unit_amount))).toBe(1_000);
  });

  test('the association discount covers the Industry Insights lines only', () => {
    for (const key of ASSOCIATION_DISCOUNT.applies_to) {
      expect(priceLineByKey(key)?.product).toBe('industry');
    }
    expect(ASSOCIATION_DISCOUNT.percent_off).toBe(20);
  });
});

describe('enterprise-like plans', () => {
  test.each([
    ['enterprise', 'industry', true],
    ['enterprise', 'advertiser', true],
    ['team', 'advertiser', true],
    ['team', 'both', true],
    ['team', 'industry', false],
    ['individual', 'both', false],
    ['paygo', 'advertiser', false],
  ] as [PlanId, ProductId, boolean][])('%s %s -> %s', (plan, product, expected) => {
    expect(isEnterpriseLike(plan, product)).toBe(expected);
  });
});

describe('combining products', () => {
  test.each([
    [null, 'industry', 'industry'],
    ['advertiser', 'advertiser', 'advertiser'],
    ['advertiser', 'industry', 'both'],
    ['industry', 'advertiser', 'both'],
    ['both', 'industry', 'both'],
    ['industry', 'both', 'both'],
  ] as [ProductId | null, ProductId, ProductId][])('%s + %s = %s', (current, added, expected) => {
    expect(combineProducts(current, added)).toBe(expected);
  });

  test.each([
    ['both', 'industry', true],
    ['both', 'advertiser', true],
    ['industry', 'industry', true],
    ['industry', 'advertiser', false],
    [null, 'industry', false],
  ] as const)('%s covers %s: %s', (owned, wanted, expected) => {
    expect(productCovers(owned, wanted)).toBe(expected);
  });
});

describe('formatUsd', () => {
  test.each([
    [9_900, '$99'],
    [49_800, '$498'],
    [199_900, '$1,999'],
    [7_920, '$79.20'],
    [0, '$0'],
    [-1_050, '-$10.50'],
  ])('%i cents -> %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
});

describe('association member prices', () => {
  test('a member saves 20% of Industry Insights on every line that sells it, nothing on Advertiser Insights alone', () => {
    expect(associationSaving('individual', 'industry')).toBe(1_980);
    expect(associationSaving('team', 'industry')).toBe(4_980);
    expect(associationSaving('individual', 'both')).toBe(1_980);
    expect(associationSaving('individual', 'advertiser')).toBe(0);
    expect(associationSaving('enterprise', 'industry')).toBe(0);
  });

  test('the member line of both is found by its key as an individual both line', () => {
    const line = associationLineFor('individual', 'both');

    expect(line).toMatchObject({ unit_amount: 47_820, plan: 'individual', product: 'both' });
    expect(priceLineByKey(line!.lookup_key)).toEqual(line);
    expect(isAssociationLine(line!.lookup_key)).toBe(true);
    expect(isAssociationLine('individual_both_monthly')).toBe(false);
    expect(priceLineFor('individual', 'both')?.unit_amount).toBe(49_800);
  });
});
