import { userRoute } from '../../../layers/shared/http/route-handler';
import { companiesFromEnv, lazy, storeFromEnv } from '../adapters/compose';
import { plansFromEnv, reportSessionsFromEnv } from '../adapters/report-session-deps';
import { DrillCache, fetchDrilldowns } from '../core/drilldowns';
import type { FetchDrilldownsDeps } from './fetch-drilldowns.handler';
import { fetchStreamDrilldownsSchema } from './fetch-drilldowns.schema';

/**
 * POST /ss_rest/fetch_stream_drilldowns (spec §7; issue #4 "Streaming/CTV and podcast rows"):
 * as fetch_drilldowns over the streaming/CTV and podcast airings only (podcast rows carry VPD).
 */
export function makeHandler(deps: () => FetchDrilldownsDeps) {
  return userRoute(fetchStreamDrilldownsSchema, (input, { caller }) =>
    fetchDrilldowns(deps(), caller, input, 'stream'),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(
  lazy(() => ({
    companies: companiesFromEnv(),
    store: storeFromEnv(),
    usage: reportSessionsFromEnv(),
    plans: plansFromEnv(),
    cache: new DrillCache(),
  })),
);
