import { verifyEmailSchema } from '#shared/contracts/account.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { verifyEmail } from '../core/verify-email';

/** POST verify_email (spec §7: email, code): verifies the address or asks for a password. */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(verifyEmailSchema, (input) => verifyEmail(runtime().deps, input));
}

export const handler = makeHandler(accountsRuntime);
