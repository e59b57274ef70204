import { verifyAuthCodeSchema } from '#shared/contracts/signup.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { verifyAuthCode } from '../core/auth-code';
import { requestMeta } from './request-meta';

/**
 * POST verify_auth_code (spec §7 send_auth_code "with body code (verifies)"): checks the code
 * once; answers `has_account`, or a single-use proof token for simple_register.
 */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(verifyAuthCodeSchema, (input, { event }) =>
    verifyAuthCode(runtime().deps, input, requestMeta(event)),
  );
}

export const handler = makeHandler(accountsRuntime);
