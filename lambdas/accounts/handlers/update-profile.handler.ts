import { updateProfileSchema } from '#shared/contracts/account.schema';
import { userRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { updateProfile } from '../core/update-profile';

/** POST update_profile (spec §7): patches the caller's profile, answers the new session. */
export function makeHandler(runtime: () => AccountsRuntime) {
  return userRoute(updateProfileSchema, (input, { caller }) => {
    const { deps, companies, entitlements } = runtime();
    return updateProfile(
      {
        accounts: deps.accounts,
        companies,
        now: deps.now,
        entitlements,
        identity: deps.identity,
        stations: deps.stations,
      },
      caller,
      input,
    );
  });
}

export const handler = makeHandler(accountsRuntime);
