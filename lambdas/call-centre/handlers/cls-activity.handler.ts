import type { AuthenticatorCheck } from '#shared/auth/authenticator-check';
import { poolAuthenticators } from '#shared/auth/cognito-authenticator-check';
import { clsActivitySchema } from '#shared/contracts/call-centre.schema';
import { agentRoute } from '#shared/http/route-handler';
import { callCentreDeps } from '../adapters/call-centre-deps';
import { applyActivity } from '../core/apply-activity';
import type { CallCentreDeps } from '../core/ports';

/**
 * POST /ss_rest/cls_activity (spec §7: client_id, activity, payload, optional activity_id;
 * result.record): agents and staff. 200 `{ result: { record } }`; 400 naming the field
 * (`payload.<field>`, `signup_info.<field>` …); 404 unknown record; 409 do-not-call, already
 * signed up or a save that kept conflicting; 401 anonymous; 403 for other users, and 403
 * `mfa_required` for an account without an authenticator app.
 */
export function makeHandler(
  deps: () => CallCentreDeps,
  authenticators: () => AuthenticatorCheck = poolAuthenticators,
) {
  return agentRoute(
    clsActivitySchema,
    (input, { caller }) =>
      applyActivity(deps(), input, { sub: caller.userId, email: caller.email ?? '' }),
    authenticators,
  );
}

export const handler = makeHandler(callCentreDeps);
