import { loginSchema } from '#shared/contracts/account.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { restLogin } from '../core/rest-login';
import { requestMeta } from './request-meta';

/** POST rest_login (spec §7): e-mail and password sign-in, throttled per account and address. */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(loginSchema, (input, { event }) =>
    restLogin(runtime().deps, input, requestMeta(event)),
  );
}

export const handler = makeHandler(accountsRuntime);
