import { saveLocationHoursInputSchema } from '#shared/contracts/locations.schema';
import { userRoute } from '#shared/http/route-handler';
import { type LocationDeps, saveLocationHours } from '../core/locations';
import { locationDepsFromEnv } from './locations-deps';

/** POST /ss_rest/save_location_hours (spec §7): `{ location }` with its new opening hours (perm edit). */
export function makeHandler(deps: () => LocationDeps) {
  return userRoute(saveLocationHoursInputSchema, (input, { caller }) =>
    saveLocationHours(deps(), caller, input),
  );
}

export const handler = makeHandler(locationDepsFromEnv);
