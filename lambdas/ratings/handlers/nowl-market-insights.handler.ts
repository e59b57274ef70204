import { marketInsightsInputSchema } from '#shared/contracts/ratings.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { readDepsFromEnv } from '../adapters/ratings-deps';
import { marketInsights, type PrimaryStation } from '../core/market-insights';
import type { ReadDeps } from '../core/read-model';

/**
 * POST /ss_rest/nowl_market_insights (signed in; competitive_data, 403 with the gate's message
 * otherwise): the caller's stations against their market by format and daypart.
 */
export function makeHandler(deps: ReadDeps & { profiles: PrimaryStation }) {
  return userRoute(marketInsightsInputSchema, (input, { caller }) =>
    marketInsights(deps, caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(readDepsFromEnv));
