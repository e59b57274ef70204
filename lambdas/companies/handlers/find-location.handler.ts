import { findLocationInputSchema } from '#shared/contracts/locations.schema';
import { userRoute } from '#shared/http/route-handler';
import { findLocation, type LocationDeps } from '../core/locations';
import { locationDepsFromEnv } from './locations-deps';

/** POST /ss_rest/find_location (spec §7): `{ results }`: the stores of a client the caller may view matching `query`. */
export function makeHandler(deps: () => LocationDeps) {
  return userRoute(findLocationInputSchema, (input, { caller }) =>
    findLocation(deps(), caller, input),
  );
}

export const handler = makeHandler(locationDepsFromEnv);
