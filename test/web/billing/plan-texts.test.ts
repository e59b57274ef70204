import { describe, expect, test } from 'vitest';
import { PLANS, PRODUCTS } from '#shared/billing/price-table';
import { RATINGS_FEATURES, RATINGS_GATES } from '#shared/billing/ratings-gates';
import { PLAN_TYPES } from '#shared/contracts/signup.schema';
import { PLAN_TIERS } from '../../../web/src/billing/plan-tiers';
import { unlockedLines } from '../../../web/src/billing/subscribe-done';
import { planOffers } from '../../../web/src/signup/plan-offers';

// Every sentence a buyer reads about the plans, outside the list written from product-unlocks.ts
// (which product-unlocks.test.ts walks against the gate tables).
const TEXTS: string[] = [
  ...PLAN_TIERS.flatMap((t) => [t.headline, t.subline, ...t.includes]),
  ...PLAN_TYPES.flatMap((type) =>
    planOffers(type).flatMap((o) => [o.summary, ...o.points, o.discount ?? '']),
  ),
  ...PLANS.flatMap((plan) => PRODUCTS.flatMap((product) => unlockedLines(plan, product))),
];

describe('plan texts promise only what is gated, under the product that sells it', () => {
  test('no plan text promises a feature nothing gates (weather, schedules, weekly trends)', () => {
    for (const text of TEXTS)
      for (const word of ['weather', 'schedul', 'weekly trend'])
        expect(text.toLowerCase(), text).not.toContain(word);
  });

  test('a line about one product names no ratings feature the other product sells', () => {
    for (const text of TEXTS) {
      const product = text.startsWith('Industry Insights:')
        ? 'industry'
        : text.startsWith('Advertiser Insights:')
          ? 'advertiser'
          : null;
      if (!product) continue;
      for (const f of RATINGS_FEATURES) {
        const gate = RATINGS_GATES[f];
        if (gate.product !== product) expect(text, f).not.toContain(gate.name);
      }
      if (product === 'industry') expect(text).not.toContain('Market Insights');
    }
  });

  test('the Individual Unlimited card names the ratings under Industry Insights and Market Insights under Advertiser Insights', () => {
    const individual = PLAN_TIERS.find((t) => t.plan === 'individual')!;
    expect(individual.includes.find((l) => l.startsWith('Industry Insights:'))).toMatch(
      /response ratings/,
    );
    expect(individual.includes.find((l) => l.startsWith('Advertiser Insights:'))).toMatch(
      /Market Insights/,
    );
  });
});
