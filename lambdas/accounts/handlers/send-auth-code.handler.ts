import { sendAuthCodeSchema } from '#shared/contracts/signup.schema';
import { publicRoute } from '#shared/http/route-handler';
import { type AccountsRuntime, accountsRuntime } from '../adapters/accounts-deps';
import { sendAuthCode } from '../core/auth-code';
import { requestMeta } from './request-meta';

/**
 * POST send_auth_code (spec §7: body email_address): mails the simple signup's 6-character code.
 * 400 for a bad address, 429 when throttled.
 */
export function makeHandler(runtime: () => AccountsRuntime) {
  return publicRoute(sendAuthCodeSchema, (input, { event }) =>
    sendAuthCode(runtime().deps, input.email_address, requestMeta(event)),
  );
}

export const handler = makeHandler(accountsRuntime);
