import { mfaCodeSchema } from '#shared/contracts/mfa.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { confirmMfaSetup } from '../core/mfa-verify';

/**
 * POST mfa_setup: the first code of a newly added authenticator (staff and agents); answers the
 * sign-in's tokens once it is right.
 */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(mfaCodeSchema, (input) => confirmMfaSetup(runtime().deps, input));
}

export const handler = makeHandler(accountsRuntime);
