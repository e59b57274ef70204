import { describe, expect, test } from 'vitest';
import { PRODUCT_UNLOCKS } from '#shared/billing/product-unlocks';
import { unlockedLines } from '../../../web/src/billing/subscribe-done';

describe('what an order says it unlocked', () => {
  test('Industry Insights names every line it sells, the response ratings among them', () => {
    const [line, ...rest] = unlockedLines('individual', 'industry');

    expect(rest).toEqual([]);
    for (const { text } of PRODUCT_UNLOCKS.industry) expect(line).toContain(text);
    expect(line).toContain('Response ratings by daypart');
    expect(line).not.toContain('Market Insights');
  });

  test('both products name Market Insights under Advertiser Insights', () => {
    const lines = unlockedLines('team', 'both');

    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Advertiser Insights: /);
    expect(lines[1]).toContain('Market Insights');
  });
});
