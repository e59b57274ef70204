import { exchangeLoginSchema } from '#shared/contracts/account.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { exchangeLoginToken } from '../core/exchange-login-token';

/** POST exchange_login_token: redeems a white-label login token once for the tokens. */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(exchangeLoginSchema, (input) =>
    exchangeLoginToken(runtime().deps, input.login_token),
  );
}

export const handler = makeHandler(accountsRuntime);
