import { industryInsightsInputSchema } from '#shared/contracts/industry-insights.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { industryInsightsDepsFromEnv } from '../adapters/report-session-deps';
import { type IndustryInsightsDeps, industryInsights } from '../core/industry-insights';

/**
 * GET /ss_rest/industry_insights?client_uid=: the industry response summary of a client the
 * caller may read (Industry Insights; layers/shared/contracts/industry-insights.schema.ts).
 * Sections the caller's plan does not open come back locked, without numbers.
 */
export function makeHandler(deps: () => IndustryInsightsDeps) {
  return userRoute(industryInsightsInputSchema, (input, { caller }) =>
    industryInsights(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(industryInsightsDepsFromEnv));
