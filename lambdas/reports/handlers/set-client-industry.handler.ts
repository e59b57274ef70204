import { setClientIndustryInputSchema } from '#shared/contracts/industry-insights.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { industryInsightsDepsFromEnv } from '../adapters/report-session-deps';
import { type IndustryInsightsDeps, setClientIndustry } from '../core/industry-insights';

/**
 * POST /ss_rest/set_client_industry {client_uid, industry_id}: files a client the caller may edit
 * under an industry, moving its latest benchmark contribution with it.
 */
export function makeHandler(deps: () => IndustryInsightsDeps) {
  return userRoute(setClientIndustryInputSchema, (input, { caller }) =>
    setClientIndustry(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(industryInsightsDepsFromEnv));
