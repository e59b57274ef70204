import { resetRequestSchema } from '#shared/contracts/account.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { resetPassword } from '../core/reset-password';
import { requestMeta } from './request-meta';

/** POST reset_password (spec §7): mails a single-use reset link; same answer for any address. */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(resetRequestSchema, (input, { event }) =>
    resetPassword(runtime().deps, input.email, requestMeta(event)),
  );
}

export const handler = makeHandler(accountsRuntime);
