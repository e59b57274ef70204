import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { GzipAnswers } from '../adapters/gzip-answers';
import { drilldownsDepsFromEnv } from '../adapters/report-session-deps';
import { type DrilldownsDeps, fetchDrilldownsJson } from '../core/drilldowns';
import { fetchStreamDrilldownsSchema } from './fetch-drilldowns.schema';

/**
 * POST /ss_rest/fetch_stream_drilldowns (spec §7, streaming/CTV and podcast rows):
 * as fetch_drilldowns over the streaming/CTV and podcast airings only (podcast rows carry VPD),
 * gzip-compressed like it.
 */
export function makeHandler(deps: () => DrilldownsDeps) {
  const gzip = new GzipAnswers();
  return gzip.wrap(
    userRoute(fetchStreamDrilldownsSchema, async (input, { caller, event }) =>
      gzip.answer(event, await fetchDrilldownsJson(deps(), caller, input, 'stream')),
    ),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(drilldownsDepsFromEnv));
