import { describe, expect, test } from 'vitest';
import {
  AVAILABLE_PRODUCT_FLAGS,
  type AvailableProductFlag,
  deriveAvailableProducts,
} from '#shared/billing/available-products';
import { PAYGO_FEATURES, SINGLE_PRODUCTS, type SingleProduct } from '#shared/billing/price-table';
import { PRODUCT_UNLOCKS } from '#shared/billing/product-unlocks';
import { RATINGS_FEATURES, RATINGS_GATES } from '#shared/billing/ratings-gates';
import { REPORT_GATES } from '#shared/billing/report-gates';
import { INDUSTRY_SECTIONS, sectionFlag } from '#shared/contracts/industry-insights.schema';

// "What is sold is exactly what is gated": the plan texts are written from PRODUCT_UNLOCKS, so
// walking it against the gate tables walks what the plans page promises.

/**
 * Every flag a route checks, from the gate tables themselves: the report sections, the Industry
 * Insights panel's sections, the ratings features, and pro_unlimited (the free-report paywall
 * it lifts; sold-features.test.ts proves each of these through the routes).
 */
const CHECKED = new Set<AvailableProductFlag>([
  ...Object.values(REPORT_GATES),
  ...INDUSTRY_SECTIONS.map(sectionFlag),
  ...RATINGS_FEATURES.map((f) => RATINGS_GATES[f].flag),
  'pro_unlimited',
]);

const NOW = new Date('2026-01-15T00:00:00Z');
/** The flags a subscription to `product` alone sets. */
function flagsSetBy(product: SingleProduct): Set<AvailableProductFlag> {
  const flags = deriveAvailableProducts(
    [{ plan: 'individual', product, features: [], status: 'active' }],
    false,
    NOW,
  );
  return new Set(AVAILABLE_PRODUCT_FLAGS.filter((f) => f !== 'has_any_subscription' && flags[f]));
}

const texts = (product: SingleProduct) => PRODUCT_UNLOCKS[product].map((l) => l.text);

describe('what each product is sold with is exactly what it unlocks', () => {
  test.each(SINGLE_PRODUCTS)(
    'every %s line names only flags a route checks and the product sets',
    (product) => {
      const sets = flagsSetBy(product);
      for (const line of PRODUCT_UNLOCKS[product]) {
        expect(line.flags.length, line.text).toBeGreaterThan(0);
        for (const flag of line.flags) {
          expect(CHECKED.has(flag), `"${line.text}" promises ${flag}, which nothing gates`).toBe(
            true,
          );
          expect(
            sets.has(flag),
            `"${line.text}" is sold by ${product}, which does not set ${flag}`,
          ).toBe(true);
        }
      }
    },
  );

  test.each(SINGLE_PRODUCTS)('every gated flag %s sets is named by one of its lines', (product) => {
    const named = new Set(PRODUCT_UNLOCKS[product].flatMap((l) => l.flags));
    const gated = [...flagsSetBy(product)].filter((f) => CHECKED.has(f));
    expect(gated.filter((f) => !named.has(f))).toEqual([]);
  });

  test('each ratings feature is listed, by its own name, under the product that sells it and only there', () => {
    for (const f of RATINGS_FEATURES) {
      const gate = RATINGS_GATES[f];
      const other = gate.product === 'industry' ? 'advertiser' : 'industry';
      expect(texts(gate.product), f).toContain(gate.name);
      expect(texts(other), f).not.toContain(gate.name);
      expect(flagsSetBy(gate.product).has(gate.flag)).toBe(true);
    }
  });

  test('Industry Insights lists the ratings by station, format, daypart and industry cohort and the full calculator; Advertiser Insights lists Market Insights', () => {
    expect(texts('industry')).toEqual(
      expect.arrayContaining([
        'Response ratings by station, beyond each market’s top ten',
        'Response ratings by station format',
        'Response ratings by daypart',
        'Response ratings by industry cohort',
        'The full acquisition calculator, on real ratings',
      ]),
    );
    expect(texts('advertiser')).toContain(
      'Market Insights: your stations against the market by format and daypart',
    );
  });

  test('features not built yet and free ones are not promised', () => {
    const all = SINGLE_PRODUCTS.flatMap(texts).join(' | ').toLowerCase();
    for (const word of ['weather', 'schedule', 'weekly trend'])
      expect(all, `${word} is promised`).not.toContain(word);
  });

  test('every Starter feature on sale opens a flag a route checks', () => {
    expect(PAYGO_FEATURES.filter((f) => !CHECKED.has(f.flag)).map((f) => f.feature)).toEqual([]);
  });
});
