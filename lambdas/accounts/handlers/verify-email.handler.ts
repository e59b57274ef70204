import { verifyEmailSchema } from '#shared/contracts/account.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { verifyEmail } from '../core/verify-email';

/**
 * POST verify_email (spec §7: email, code): verifies the address or asks for a password; a
 * verified registration from the landing preview gets its client.
 */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(verifyEmailSchema, (input) => {
    const { deps, companies } = runtime();
    return verifyEmail(deps, input, companies);
  });
}

export const handler = makeHandler(accountsRuntime);
