import type { Caller } from '#shared/auth/caller';
import { MEMBER_MESSAGES, type RemoveMemberResult } from '#shared/contracts/account-members.schema';
import { Forbidden, NotFound, ValidationError } from '#shared/errors';
import { type MembersDeps, membersView, reachOrg, requireManager } from './members';
import { revokeSharesOfFormerMember } from './share-chain';

/**
 * remove_member: ends a membership or cancels an invitation.
 * Steps: 1. reach the organisation (404 for non-members); 2. `email`: owners and admins cancel
 * that invitation; 3. `user_id`: the caller themselves leaves (any role), otherwise owners and
 * admins remove a member, and only owners remove an owner; the last owner is never removed;
 * 4. the shares the member gave of the organisation's clients (sub-organisations included) that
 * only the membership backed are removed, with the reshares below them (share-chain.ts);
 * 5. answer with the members list, or `left` with an empty list after leaving.
 * @throws NotFound (organisation, member or invitation); Forbidden; ValidationError for the last
 *   owner.
 */
export async function removeMember(
  deps: MembersDeps,
  caller: Caller,
  input: { organization_uid: string; user_id?: string; email?: string },
): Promise<RemoveMemberResult> {
  const reached = await reachOrg(deps, caller, input.organization_uid);
  const orgUid = reached.org.org_uid;
  if (input.email !== undefined) {
    requireManager(reached.role, 'cancel invitations');
    const email = input.email.toLowerCase();
    if (!reached.invitations.some((i) => i.email === email)) throw new NotFound('Invitation');
    await deps.accounts.deleteInvitation(orgUid, email);
    const invitations = reached.invitations.filter((i) => i.email !== email);
    return { ...(await membersView(deps, { ...reached, invitations })), left: false };
  }
  const userId = input.user_id ?? '';
  const leaving = userId === caller.userId;
  const target = reached.members.get(userId);
  if (!leaving) requireManager(reached.role, 'remove members');
  if (!target) throw new NotFound('Member');
  if (target === 'owner') {
    const owners = [...reached.members.values()].filter((r) => r === 'owner').length;
    if (owners <= 1) throw new ValidationError(MEMBER_MESSAGES.lastOwner, 'user_id');
    if (!leaving && reached.role !== 'owner')
      throw new Forbidden('Only owners can remove an owner.');
  }
  await deps.accounts.deleteMember(userId, orgUid);
  await revokeSharesOfFormerMember(deps, { userId, orgUid });
  const members = new Map(reached.members);
  members.delete(userId);
  const view = await membersView(deps, { ...reached, members });
  return leaving ? { members: [], seats: view.seats, left: true } : { ...view, left: false };
}
