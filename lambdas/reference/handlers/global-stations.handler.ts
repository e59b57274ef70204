import { stationQuerySchema } from '#shared/contracts/stations.schema';
import { publicRoute } from '#shared/http/route-handler';
import { stationQueryDeps } from '../adapters/station-deps';
import { globalStations, type StationQueryDeps } from '../core/stations-queries';

/**
 * GET /ss_rest/global_stations (spec §7 dropdowns): `StationPage` of the whole list for
 * `stationQuerySchema`; `?id=<station id>` answers that one station (a page of one, or none).
 * Public. An empty page when the station list was never loaded.
 */
export function makeHandler(deps: () => Pick<StationQueryDeps, 'source' | 'markets'>) {
  return publicRoute(stationQuerySchema, (input) => globalStations(deps(), input));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(stationQueryDeps);
