import { describe, expect, test } from 'vitest';
import type { Entitlement } from '#shared/billing/available-products';
import { deriveAvailableProducts, noProducts } from '#shared/billing/available-products';
import {
  featuresSoldBy,
  gateFor,
  RATINGS_FEATURES,
  RATINGS_GATES,
  requireGate,
} from '#shared/billing/ratings-gates';
import { Forbidden } from '#shared/errors';

const NOW = new Date('2026-01-15T00:00:00Z');
const flagsOf = (e: Partial<Entitlement>) =>
  deriveAvailableProducts(
    [{ plan: 'individual', product: null, features: [], status: 'active', ...e }],
    false,
    NOW,
  );

describe('ratings gate table', () => {
  test.each([
    ['ratings_dayparts', 'industry_insights_dayparts', 'industry', 'Unlock Industry Insights'],
    ['ratings_stations', 'industry_insights_stations', 'industry', 'Unlock Industry Insights'],
    [
      'ratings_formats',
      'industry_insights_station_formats',
      'industry',
      'Unlock Industry Insights',
    ],
    ['ratings_industries', 'industry_insights_unlimited', 'industry', 'Unlock Industry Insights'],
    ['market_insights', 'competitive_data', 'advertiser', 'Unlock Advertiser Insights'],
    ['calculator_real', 'industry_insights_stations', 'industry', 'Unlock Industry Insights'],
  ] as const)('%s needs %s, sold by %s Insights (%s)', (feature, flag, product, label) => {
    const gate = RATINGS_GATES[feature];
    expect(gate).toMatchObject({ flag, product, unlock_label: label });
    expect(gate.unlock_path).toBe(`/plans?product=${product}`);
  });

  test('every 403 message names the product to unlock', () => {
    for (const f of RATINGS_FEATURES) {
      const g = RATINGS_GATES[f];
      expect(g.message).toContain(g.unlock_label.replace('Unlock ', 'unlock '));
    }
    expect(RATINGS_GATES.ratings_dayparts.message).toBe(
      'Ratings by daypart are part of Industry Insights: unlock Industry Insights (or the Dayparts feature of Individual Starter) to see them.',
    );
    expect(RATINGS_GATES.market_insights.message).toBe(
      'Market Insights is part of Advertiser Insights: unlock Advertiser Insights to see it.',
    );
  });

  test('the product that sells a feature is the one whose subscription opens it', () => {
    for (const f of RATINGS_FEATURES) {
      const g = RATINGS_GATES[f];
      const other = g.product === 'industry' ? 'advertiser' : 'industry';
      expect(gateFor(f, flagsOf({ product: g.product })).allowed, `${f} with ${g.product}`).toBe(
        true,
      );
      expect(gateFor(f, flagsOf({ product: other })).allowed, `${f} with ${other}`).toBe(false);
      expect(gateFor(f, flagsOf({ product: 'both' })).allowed).toBe(true);
    }
  });
});

describe('gateFor', () => {
  test('a visitor and a free user are refused every gated feature', () => {
    for (const f of RATINGS_FEATURES) {
      expect(gateFor(f, null).allowed).toBe(false);
      expect(gateFor(f, undefined).allowed).toBe(false);
      expect(gateFor(f, noProducts()).allowed).toBe(false);
    }
  });

  test('staff see every feature without a flag', () => {
    for (const f of RATINGS_FEATURES) {
      expect(gateFor(f, null, { staff: true }).allowed).toBe(true);
      expect(gateFor(f, null, true).allowed).toBe(true);
      expect(gateFor(f, null, { staff: false }).allowed).toBe(false);
    }
  });

  test('a Starter account with the Stations feature gets station ratings and the real calculator only', () => {
    const flags = flagsOf({ plan: 'paygo', features: ['stations'] });
    const open = RATINGS_FEATURES.filter((f) => gateFor(f, flags).allowed);
    expect(open).toEqual(['ratings_stations', 'calculator_real']);
  });

  test('a lapsed subscription opens nothing', () => {
    const flags = flagsOf({ product: 'both', status: 'canceled' });
    expect(RATINGS_FEATURES.filter((f) => gateFor(f, flags).allowed)).toEqual([]);
  });

  test('a demo client sees every feature', () => {
    const flags = deriveAvailableProducts([], true, NOW);
    expect(RATINGS_FEATURES.every((f) => gateFor(f, flags).allowed)).toBe(true);
  });

  test('returns the gate with the refusal, for the button', () => {
    const { allowed, gate } = gateFor('ratings_formats', noProducts());
    expect(allowed).toBe(false);
    expect(gate.unlock_label).toBe('Unlock Industry Insights');
  });
});

describe('requireGate', () => {
  test('refuses with a 403 whose message names what to unlock', () => {
    let thrown: unknown;
    try {
      requireGate('market_insights', flagsOf({ product: 'industry' }));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Forbidden);
    expect((thrown as Forbidden).status).toBe(403);
    expect((thrown as Error).message).toContain('unlock Advertiser Insights');
  });

  test('lets an entitled caller through', () => {
    expect(() => requireGate('market_insights', flagsOf({ product: 'advertiser' }))).not.toThrow();
  });
});

describe('featuresSoldBy', () => {
  test('Industry Insights sells the ratings by station, format, daypart and industry and the real calculator; Advertiser Insights sells Market Insights', () => {
    expect(featuresSoldBy('industry').map((g) => g.feature)).toEqual([
      'ratings_dayparts',
      'ratings_stations',
      'ratings_formats',
      'ratings_industries',
      'calculator_real',
    ]);
    expect(featuresSoldBy('advertiser').map((g) => g.feature)).toEqual(['market_insights']);
  });
});
