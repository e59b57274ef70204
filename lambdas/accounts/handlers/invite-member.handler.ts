import { inviteMemberSchema } from '#shared/contracts/account-members.schema';
import { userRoute } from '#shared/http/route-handler';
import { buildInviteDeps, once } from '../adapters/sharing-deps';
import { type InviteDeps, inviteMember } from '../core/invite-member';

/**
 * POST /ss_rest/invite_member: owners and admins invite an e-mail address (mailed); `{ members,
 * seats }`. 400 naming `email` for yourself, a member or a full plan; 403 for members; 404 for
 * organisations out of reach.
 */
export function makeHandler(deps: () => InviteDeps) {
  return userRoute(inviteMemberSchema, (input, { caller }) => inviteMember(deps(), caller, input));
}

export const handler = makeHandler(once(() => buildInviteDeps()));
