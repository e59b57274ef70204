import { noInput, publicRoute } from '#shared/http/route-handler';
import { stationQueryDeps } from '../adapters/station-deps';
import { type StationQueryDeps, tagsOfStations } from '../core/stations-queries';

/**
 * GET /ss_rest/tags (spec §7 dropdowns): `{ tags: StationTag[] }`, the station formats and
 * types with their station counts. Public. `{ tags: [] }` when the list was never loaded.
 */
export function makeHandler(deps: () => Pick<StationQueryDeps, 'source'>) {
  return publicRoute(noInput, () => tagsOfStations(deps()));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(stationQueryDeps);
