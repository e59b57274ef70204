import { googleLoginSchema } from '#shared/contracts/account.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { googleLogin } from '../core/google-login';

/** POST google_login (spec §7): signs in with the hosted UI's authorization code. */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(googleLoginSchema, (input) => {
    const { deps, companies } = runtime();
    return googleLogin(deps, companies, input);
  });
}

export const handler = makeHandler(accountsRuntime);
