import { fetchLocationsInputSchema } from '#shared/contracts/locations.schema';
import { userRoute } from '#shared/http/route-handler';
import { fetchLocations, type LocationDeps } from '../core/locations';
import { locationDepsFromEnv } from './locations-deps';

/** POST /ss_rest/fetch_locations (spec §7): `{ client_uid, locations }` of a client the caller may view. */
export function makeHandler(deps: () => LocationDeps) {
  return userRoute(fetchLocationsInputSchema, (input, { caller }) =>
    fetchLocations(deps(), caller, input),
  );
}

export const handler = makeHandler(locationDepsFromEnv);
