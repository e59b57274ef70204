import { noInput, userRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { getMissingInfo } from '../core/get-session';

/** GET missing_info (spec §7: result.missing_info): profile fields still to fill in. */
export function makeHandler(runtime: () => AccountsRuntime) {
  return userRoute(noInput, (_input, { caller }) => {
    const { deps, companies } = runtime();
    return getMissingInfo(
      { accounts: deps.accounts, companies, now: deps.now, identity: deps.identity },
      caller,
    );
  });
}

export const handler = makeHandler(accountsRuntime);
