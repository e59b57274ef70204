import { mfaCodeSchema } from '#shared/contracts/mfa.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { answerMfaChallenge } from '../core/mfa-verify';

/**
 * POST mfa_challenge: the authenticator code that completes a password sign-in of an account
 * with MFA on; answers the tokens once it is right.
 */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(mfaCodeSchema, (input) => answerMfaChallenge(runtime().deps, input));
}

export const handler = makeHandler(accountsRuntime);
