import type { AuthenticatorCheck } from '#shared/auth/authenticator-check';
import { poolAuthenticators } from '#shared/auth/cognito-authenticator-check';
import { clsGetRecordSchema } from '#shared/contracts/call-centre.schema';
import { agentRoute } from '#shared/http/route-handler';
import { callCentreDeps } from '../adapters/call-centre-deps';
import { getRecord } from '../core/get-record';
import type { CallCentreDeps } from '../core/ports';

/**
 * GET /ss_rest/cls_get_record (spec §7: client_id): agents and staff. 200 `{ result: CallRecord }`;
 * 404 with "That advertiser is not on the call list."; 400 on `client_id`; 401 anonymous; 403
 * for other users, and 403 `mfa_required` for an account without an authenticator app.
 */
export function makeHandler(
  deps: () => CallCentreDeps,
  authenticators: () => AuthenticatorCheck = poolAuthenticators,
) {
  return agentRoute(clsGetRecordSchema, (input) => getRecord(deps(), input), authenticators);
}

export const handler = makeHandler(callCentreDeps);
