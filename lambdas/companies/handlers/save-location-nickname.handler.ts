import { saveLocationNicknameInputSchema } from '#shared/contracts/locations.schema';
import { userRoute } from '#shared/http/route-handler';
import { type LocationDeps, saveLocationNickname } from '../core/locations';
import { locationDepsFromEnv } from './locations-deps';

/** POST /ss_rest/save_location_nickname (spec §7): `{ location }` with its new nickname (perm edit). */
export function makeHandler(deps: () => LocationDeps) {
  return userRoute(saveLocationNicknameInputSchema, (input, { caller }) =>
    saveLocationNickname(deps(), caller, input),
  );
}

export const handler = makeHandler(locationDepsFromEnv);
