import type { AuthenticatorCheck } from '#shared/auth/authenticator-check';
import { poolAuthenticators } from '#shared/auth/cognito-authenticator-check';
import { clsFollowupsSchema } from '#shared/contracts/call-centre.schema';
import { agentRoute } from '#shared/http/route-handler';
import { callCentreDeps } from '../adapters/call-centre-deps';
import { followupsDue } from '../core/followups-due';
import type { CallCentreDeps } from '../core/ports';

/**
 * GET /ss_rest/cls_followups (ours, "Follow-ups due": today, days_back = 14, days_ahead = 0):
 * agents and staff. 200 `{ result: CallFollowup[] }` from today - days_back to today +
 * days_ahead, by day, time and name; 400 on `today` when it is not a real YYYY-MM-DD day, or on
 * `days_back` / `days_ahead` out of range; 401 anonymous; 403 for other users, and 403
 * `mfa_required` for an account without an authenticator app.
 */
export function makeHandler(
  deps: () => CallCentreDeps,
  authenticators: () => AuthenticatorCheck = poolAuthenticators,
) {
  return agentRoute(clsFollowupsSchema, (input) => followupsDue(deps(), input), authenticators);
}

export const handler = makeHandler(callCentreDeps);
