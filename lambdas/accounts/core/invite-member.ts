import type { Invitation, Organization } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import {
  MEMBER_MESSAGES,
  type OrganizationMembers,
} from '#shared/contracts/account-members.schema';
import { ValidationError } from '#shared/errors';
import { logger } from '#shared/logger';
import {
  type MembersDeps,
  membersView,
  reachOrg,
  requireManager,
  seatLimit,
  seatsUsed,
} from './members';
import type { Mailer } from './ports';
import { fullName } from './profile';

/** What invite_member needs besides the member reads. */
export interface InviteDeps extends MembersDeps {
  mailer: Mailer;
  /** Absolute origin of the web app for links in e-mails, e.g. `https://app.example.com`. */
  appOrigin: string;
}

/**
 * invite_member: invites an e-mail address to an organisation (spec §6 "Team and enterprise
 * are organization-level"; §9 "Team up to 10 users").
 * Steps: 1. reach the organisation (404 for non-members) as its owner or admin (403 for
 * members); 2. refuse the caller's own address and a current member's; 3. a new address needs a
 * free seat (members plus invitations, capped at 10 unless enterprise); re-inviting an address
 * updates its invitation (role, date) without taking another seat; 4. store the invitation and
 * mail the invitee; 5. answer with the members list.
 * @throws NotFound, Forbidden; ValidationError naming `email` (self, already a member, no seat).
 */
export async function inviteMember(
  deps: InviteDeps,
  caller: Caller,
  input: { organization_uid: string; email: string; role: Invitation['role'] },
): Promise<OrganizationMembers> {
  const reached = await reachOrg(deps, caller, input.organization_uid);
  requireManager(reached.role, 'invite people');
  const email = input.email.toLowerCase();
  const account = await deps.accounts.profileByEmail(email);
  if (email === caller.email || account?.user_id === caller.userId)
    throw new ValidationError(MEMBER_MESSAGES.self, 'email');
  if (account && reached.members.has(account.user_id))
    throw new ValidationError(MEMBER_MESSAGES.alreadyMember, 'email');
  const earlier = reached.invitations.find((i) => i.email === email);
  if (!earlier) {
    const limit = await seatLimit(deps.subscriptions, reached.org);
    if (limit !== null && seatsUsed(reached) + 1 > limit)
      throw new ValidationError(MEMBER_MESSAGES.seatLimit, 'email');
  }
  const invitation: Invitation = {
    org_uid: reached.org.org_uid,
    email,
    role: input.role,
    invited_by: caller.userId,
    invited_at: deps.now().toISOString(),
  };
  await deps.accounts.putInvitation(invitation);
  const invitations = [...reached.invitations.filter((i) => i.email !== email), invitation];
  await notify(deps, caller, reached.org, invitation, account?.is_registered === true);
  return membersView(deps, { ...reached, invitations });
}

/**
 * Mails the invitee: an address with an account logs in (/login), one without registers with
 * the address filled in (/register?email=); the invitation is accepted once that address is
 * verified. A failed send is logged; the invitation stays.
 */
async function notify(
  deps: InviteDeps,
  caller: Caller,
  org: Organization,
  invitation: Invitation,
  registered: boolean,
): Promise<void> {
  const inviter = await deps.accounts.getProfile(caller.userId);
  const from = inviter ? fullName(inviter) : caller.email || 'Someone';
  const subject = `${from} invited you to ${org.name} on AnalyticOwl`;
  const link = registered
    ? `${deps.appOrigin}/login`
    : `${deps.appOrigin}/register?email=${encodeURIComponent(invitation.email)}`;
  const text = [
    `${subject}.`,
    '',
    `You are invited to join ${org.name} as ${invitation.role === 'admin' ? 'an admin' : 'a member'}: you will see its clients and share its plan.`,
    registered
      ? `Log in with ${invitation.email} to accept: ${link}`
      : `Create your account with ${invitation.email} to accept: ${link}`,
    'The invitation is accepted when you sign in with this verified e-mail address.',
  ].join('\n');
  try {
    await deps.mailer.send({ to: invitation.email, subject, text });
  } catch (error) {
    logger.error('invitation e-mail failed', { org_uid: org.org_uid, error: error as Error });
  }
}
