import { describe, expect, test } from 'vitest';
import type { Caller } from '#shared/auth/caller';
import type { EntitlementDeps, SubscriptionRecord } from '#shared/billing/entitlements';
import { availableProductsOf } from '#shared/billing/entitlements';
import { PAYGO_FEATURES, type PaygoFeature } from '#shared/billing/price-table';
import {
  RATINGS_FEATURES,
  RATINGS_GATES,
  type RatingsFeature,
} from '#shared/billing/ratings-gates';
import type { RatingsPage } from '#shared/contracts/ratings.schema';
import { EntitledGate } from '../../../../lambdas/acquisition/adapters/entitled-gate';
import type { ReadDeps } from '../../../../lambdas/ratings/core/read-model';
import { recomputeRatings } from '../../../../lambdas/ratings/core/recompute';
import { makeHandler as marketInsightsHandler } from '../../../../lambdas/ratings/handlers/nowl-market-insights.handler';
import { makeHandler as ratingsHandler } from '../../../../lambdas/ratings/handlers/nowl-ratings.handler';
import { makeHandler as topTenHandler } from '../../../../lambdas/ratings/handlers/nowl-top-ten-summaries.handler';
import {
  addClient,
  contribution,
  memoryDeps,
  slot,
} from '../../../lambdas/ratings/support/memory-ratings';
import { industrySubscription } from '../../../lambdas/reports/print/industry-fixtures';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';

// Walks the ratings gate table through the routes (not by reading the code): every ratings
// feature the plans page sells is refused without its flag, with the gate's message, and opened
// by the product that sells it (and by its Starter feature, where one sets the flag). A feature
// added to the table without a route that checks it fails here.

/** alice's org's subscriptions, as the billing copies keep them. */
type Plan = SubscriptionRecord[];

const entitlementsOf = (plan: Plan): EntitlementDeps =>
  ({
    memberships: { organizationsOf: async () => [{ org: { org_uid: 'org-a' } }] },
    subscriptions: { subscriptionsOf: async () => plan },
  }) as unknown as EntitlementDeps;

/** Five sample advertisers on twelve stations of market 501, January published. */
async function published() {
  const m = memoryDeps();
  for (let i = 0; i < 5; i++) {
    const rows = Array.from({ length: 12 }, (_, s) =>
      slot(`W${String.fromCharCode(65 + s)}XX`, 10, 10 + s * i),
    );
    await addClient(
      m,
      contribution(`c${i}`, `o${i}`, rows, { otherAirings: 10, otherVisits: 10, industry: '1268' }),
      { sample_data: true },
    );
  }
  await recomputeRatings(m.deps);
  return m.results;
}

/** What a probe learns: whether the route opened the feature, and its refusal message if not. */
type Seen = { open: boolean; message?: string };

async function routesFor(plan: Plan) {
  const results = await published();
  const entitlements = entitlementsOf(plan);
  const deps: ReadDeps = {
    results,
    flags: async (caller) => (caller ? availableProductsOf(entitlements, caller.userId) : null),
  };
  const call = async (
    h: ReturnType<typeof ratingsHandler>,
    body: unknown,
  ): Promise<Seen & { result?: unknown }> => {
    const out = bodyOf(await h(httpEvent({ body, sub: 'alice' }), lambdaContext));
    return {
      open: out.success,
      message: out.success ? undefined : out.message,
      result: out.result,
    };
  };
  const alice = { userId: 'alice', staff: false } as Caller;
  return {
    topTen: (body: unknown) => call(topTenHandler(deps), body),
    ratings: (body: unknown) => call(ratingsHandler(deps), body),
    marketInsights: (body: unknown) =>
      call(
        marketInsightsHandler({ ...deps, profiles: { primaryStation: async () => 'WAXX' } }),
        body,
      ),
    calculatorReal: async (): Promise<Seen> => ({
      open: await new EntitledGate(entitlements).allowsReal(alice),
    }),
  };
}

type Routes = Awaited<ReturnType<typeof routesFor>>;

/** How each feature shows through its route. */
const PROBES: Record<RatingsFeature, (r: Routes) => Promise<Seen>> = {
  ratings_dayparts: (r) => r.topTen({ daypart: 'tv:prime' }),
  ratings_stations: async (r) => {
    const out = await r.ratings({});
    // Without the flag the table stops at each list's top ten (no refusal: the top ten is free).
    return { open: (out.result as RatingsPage).total > 10 };
  },
  ratings_formats: (r) => r.ratings({ subject: 'format' }),
  ratings_industries: (r) => r.ratings({ industry: '1268' }),
  market_insights: (r) => r.marketInsights({}),
  calculator_real: (r) => r.calculatorReal(),
};

const product = (p: 'industry' | 'advertiser' | 'both'): Plan => [
  industrySubscription({ product: p }),
];
const paygoWith = (feature: PaygoFeature): Plan => [
  industrySubscription({ plan: 'paygo', product: null, features: [feature], amount: 1_000 }),
];

describe('every ratings feature on sale is checked by its route', () => {
  test.each(RATINGS_FEATURES)('%s: refused without its product, opened with it', async (f) => {
    const gate = RATINGS_GATES[f];
    const probe = PROBES[f];
    const other = gate.product === 'industry' ? 'advertiser' : 'industry';

    const free = await probe(await routesFor([]));
    const bought = await probe(await routesFor(product(gate.product)));
    const wrong = await probe(await routesFor(product(other)));

    expect(free.open, `${f} without a plan`).toBe(false);
    if (free.message !== undefined) expect(free.message).toBe(gate.message);
    expect(bought.open, `${f} with ${gate.product}`).toBe(true);
    expect(wrong.open, `${f} with ${other}`).toBe(false);
    expect((await probe(await routesFor(product('both')))).open).toBe(true);
  });

  test.each(
    RATINGS_FEATURES.flatMap((f) => {
      const line = PAYGO_FEATURES.find((p) => p.flag === RATINGS_GATES[f].flag);
      return line ? [[f, line.feature] as const] : [];
    }),
  )('%s opens with the Starter feature %s that sets its flag', async (f, feature) => {
    expect((await PROBES[f](await routesFor(paygoWith(feature)))).open).toBe(true);
  });
});
