import type { AuthenticatorCheck } from '#shared/auth/authenticator-check';
import { poolAuthenticators } from '#shared/auth/cognito-authenticator-check';
import { clsSearchSchema } from '#shared/contracts/call-centre.schema';
import { agentRoute } from '#shared/http/route-handler';
import { callCentreDeps } from '../adapters/call-centre-deps';
import type { CallCentreDeps } from '../core/ports';
import { searchRecords } from '../core/search-records';

/**
 * GET /ss_rest/cls_search (spec §7: search_text; result list): agents and staff. 200
 * `{ result: CallSearchHit[] }` (at most 50, best first); 400 on `search_text` when empty;
 * 401 anonymous; 403 for other users, and 403 `mfa_required` for an account without an
 * authenticator app.
 */
export function makeHandler(
  deps: () => CallCentreDeps,
  authenticators: () => AuthenticatorCheck = poolAuthenticators,
) {
  return agentRoute(clsSearchSchema, (input) => searchRecords(deps(), input), authenticators);
}

export const handler = makeHandler(callCentreDeps);
