import { saveLocationInputSchema } from '#shared/contracts/locations.schema';
import { userRoute } from '#shared/http/route-handler';
import { type LocationDeps, saveLocation } from '../core/locations';
import { locationDepsFromEnv } from './locations-deps';

/** POST /ss_rest/save_location (spec §7): `{ location }` added or updated (perm edit). */
export function makeHandler(deps: () => LocationDeps) {
  return userRoute(saveLocationInputSchema, (input, { caller }) =>
    saveLocation(deps(), caller, input),
  );
}

export const handler = makeHandler(locationDepsFromEnv);
