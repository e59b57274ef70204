import { registrationSchema } from '#shared/contracts/account.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { register } from '../core/register';
import { requestMeta } from './request-meta';

/** POST register (spec §7): creates the account and mails a verification code. */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(registrationSchema, (input, { event }) => {
    const { deps, companies } = runtime();
    return register(deps, companies, input, requestMeta(event));
  });
}

export const handler = makeHandler(accountsRuntime);
