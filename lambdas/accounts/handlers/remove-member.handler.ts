import { removeMemberSchema } from '#shared/contracts/account-members.schema';
import { userRoute } from '#shared/http/route-handler';
import { buildMembersDeps, once } from '../adapters/sharing-deps';
import type { MembersDeps } from '../core/members';
import { removeMember } from '../core/remove-member';

/**
 * POST /ss_rest/remove_member: removes a member (`user_id`; yourself = leave) or cancels an
 * invitation (`email`); `{ members, seats, left }`. 400 for the last owner; 403 for members
 * removing others; 404 for organisations, members or invitations out of reach.
 */
export function makeHandler(deps: () => MembersDeps) {
  return userRoute(removeMemberSchema, (input, { caller }) => removeMember(deps(), caller, input));
}

export const handler = makeHandler(once(() => buildMembersDeps()));
