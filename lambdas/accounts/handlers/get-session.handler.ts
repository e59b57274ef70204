import { noInput, userRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { getSession } from '../core/get-session';

/** GET get_session (spec §3 "User session", §7). */
export function makeHandler(runtime: () => AccountsRuntime) {
  return userRoute(noInput, (_input, { caller }) => {
    const { deps, companies, entitlements } = runtime();
    return getSession(
      { accounts: deps.accounts, companies, now: deps.now, entitlements, identity: deps.identity },
      caller,
    );
  });
}

export const handler = makeHandler(accountsRuntime);
