import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { drilldownsDepsFromEnv } from '../adapters/report-session-deps';
import { type DrilldownsDeps, fetchDrilldownsJson } from '../core/drilldowns';
import { fetchDrilldownsSchema } from './fetch-drilldowns.schema';

/**
 * POST /ss_rest/fetch_drilldowns (spec §7): the report re-aggregated over the filters,
 * a DrilldownView (layers/shared/contracts/report.schema.ts); 404 for a client the caller may not
 * read or a report without drill data.
 */
export function makeHandler(deps: () => DrilldownsDeps) {
  return userRoute(fetchDrilldownsSchema, (input, { caller }) =>
    fetchDrilldownsJson(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(drilldownsDepsFromEnv));
