import { sendVerifySchema } from '#shared/contracts/account.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { sendVerifyEmail } from '../core/send-verify-email';
import { requestMeta } from './request-meta';

/** POST send_verify_email (spec §7): mails a new code; same answer for any address. */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(sendVerifySchema, (input, { event }) =>
    sendVerifyEmail(runtime().deps, input.email, requestMeta(event)),
  );
}

export const handler = makeHandler(accountsRuntime);
