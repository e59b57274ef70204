import type { AccountsRepository } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import type { CompaniesRepository } from '#shared/companies/companies';
import { higherRole } from './members';
import { provenCaller } from './proven-caller';

/**
 * Accepts the caller's pending organisation invitations (run by get_session, which every
 * sign-in calls). Only an e-mail the caller's profile proved counts (provenCaller), as for
 * shares. Idempotent: each invitation
 * becomes a membership with its role (an existing membership keeps the higher role) and is
 * deleted; one of a deleted organisation is only deleted.
 * Steps: 1. invitations to the verified e-mail; 2. membership per live organisation;
 * 3. delete the invitation.
 * @returns the uids of the organisations joined or kept.
 */
export async function acceptInvitations(
  deps: { accounts: AccountsRepository; companies: CompaniesRepository },
  caller: Caller,
): Promise<string[]> {
  const proven = await provenCaller(deps.accounts, caller);
  if (!proven.emailVerified || !proven.email) return [];
  const invitations = await deps.accounts.invitationsTo(proven.email);
  if (invitations.length === 0) return [];
  const roles = await deps.companies.rolesOfUser(caller.userId);
  const joined: string[] = [];
  for (const invitation of invitations) {
    if (await deps.accounts.getOrganization(invitation.org_uid)) {
      const current = roles.get(invitation.org_uid);
      const role = current ? higherRole(current, invitation.role) : invitation.role;
      // Rewritten even when unchanged, so an older membership joins the member index.
      await deps.accounts.putMember(caller.userId, invitation.org_uid, role);
      joined.push(invitation.org_uid);
    }
    await deps.accounts.deleteInvitation(invitation.org_uid, invitation.email);
  }
  return joined;
}
