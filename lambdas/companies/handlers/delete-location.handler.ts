import { deleteLocationInputSchema } from '#shared/contracts/locations.schema';
import { userRoute } from '#shared/http/route-handler';
import { deleteLocation, type LocationDeps } from '../core/locations';
import { locationDepsFromEnv } from './locations-deps';

/** POST /ss_rest/delete_location (spec §7): removes a location (perm edit). */
export function makeHandler(deps: () => LocationDeps) {
  return userRoute(deleteLocationInputSchema, (input, { caller }) =>
    deleteLocation(deps(), caller, input),
  );
}

export const handler = makeHandler(locationDepsFromEnv);
