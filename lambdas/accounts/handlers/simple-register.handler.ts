import { simpleRegisterSchema } from '#shared/contracts/signup.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { simpleRegister } from '../core/simple-register';
import { requestMeta } from './request-meta';

/**
 * POST simple_register (spec §4 "Simple signup steps"): creates the account for the address a verify_auth_code proof
 * stands for and answers a signed-in login result.
 */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(simpleRegisterSchema, (input, { event }) => {
    const { deps, companies } = runtime();
    return simpleRegister(deps, companies, input, requestMeta(event));
  });
}

export const handler = makeHandler(accountsRuntime);
