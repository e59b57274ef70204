import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { GzipAnswers } from '../adapters/gzip-answers';
import { drilldownsDepsFromEnv } from '../adapters/report-session-deps';
import { type DrilldownsDeps, fetchDrilldownsJson } from '../core/drilldowns';
import { fetchDrilldownsSchema } from './fetch-drilldowns.schema';

/**
 * POST /ss_rest/fetch_drilldowns (spec §7): the report re-aggregated over the filters,
 * a DrilldownView (layers/shared/contracts/report.schema.ts); 404 for a client the caller may not
 * read or a report without drill data. Sent gzip-compressed when the request accepts gzip
 * (adapters/gzip-answers.ts).
 */
export function makeHandler(deps: () => DrilldownsDeps) {
  const gzip = new GzipAnswers();
  return gzip.wrap(
    userRoute(fetchDrilldownsSchema, async (input, { caller, event }) =>
      gzip.answer(event, await fetchDrilldownsJson(deps(), caller, input)),
    ),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(drilldownsDepsFromEnv));
