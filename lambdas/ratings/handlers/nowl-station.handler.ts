import { stationRatingsInputSchema } from '#shared/contracts/ratings.schema';
import { publicRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { readDepsFromEnv } from '../adapters/ratings-deps';
import type { ReadDeps } from '../core/read-model';
import { type StationLookup, stationRatings } from '../core/station-page';

/**
 * POST /ss_rest/nowl_station (public, optional caller): a station's rating history and its
 * newest daypart ratings (core/station-page.ts). 404 for an unknown station.
 */
export function makeHandler(deps: ReadDeps & { stations: StationLookup }) {
  return publicRoute(stationRatingsInputSchema, (input, { caller }) =>
    stationRatings(deps, caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(readDepsFromEnv));
