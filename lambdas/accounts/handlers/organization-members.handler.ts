import { organizationMembersSchema } from '#shared/contracts/account-members.schema';
import { userRoute } from '#shared/http/route-handler';
import { buildMembersDeps, once } from '../adapters/sharing-deps';
import { listMembers, type MembersDeps } from '../core/members';

/**
 * POST /ss_rest/organization_members: `{ members, seats }` of an organisation the caller
 * belongs to (members and pending invitations); 404 for anyone else.
 */
export function makeHandler(deps: () => MembersDeps) {
  return userRoute(organizationMembersSchema, (input, { caller }) =>
    listMembers(deps(), caller, input),
  );
}

export const handler = makeHandler(once(() => buildMembersDeps()));
