import { stationQuerySchema } from '#shared/contracts/stations.schema';
import { publicRoute } from '#shared/http/route-handler';
import { stationQueryDeps } from '../adapters/station-deps';
import { callerStations, type StationQueryDeps } from '../core/stations-queries';

/**
 * GET /ss_rest/stations (spec §7 dropdowns): `StationPage` for `stationQuerySchema` (q, market,
 * type, format, page), a signed-in caller's markets first. Public: registration needs it before
 * sign-in. An empty page when the station list was never loaded.
 */
export function makeHandler(deps: () => StationQueryDeps) {
  return publicRoute(stationQuerySchema, (input, { caller }) =>
    callerStations(deps(), input, caller?.userId ?? null),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(stationQueryDeps);
