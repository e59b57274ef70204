import type {
  AccountsRepository,
  Invitation,
  Organization,
  OrgRole,
} from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import { isEntitled, type SubscriptionReader } from '#shared/billing/entitlements';
import type { CompaniesRepository } from '#shared/companies/companies';
import {
  type MemberView,
  type OrganizationMembers,
  SEAT_LIMIT,
  type Seats,
} from '#shared/contracts/account-members.schema';
import { Forbidden, NotFound } from '#shared/errors';

/** What the organisation-member use cases read (one CompaniesTable behind all three). */
export interface MembersDeps {
  accounts: AccountsRepository;
  companies: CompaniesRepository;
  /** The billing copies: an active enterprise subscription lifts the seat cap. */
  subscriptions: SubscriptionReader;
  now: () => Date;
}

/** An organisation as the caller reaches it. */
export interface ReachedOrg {
  org: Organization;
  /** The caller's direct role, else the one inherited from the parent; staff count as admin. */
  role: OrgRole;
  /** Direct members (user_id -> role). */
  members: Map<string, OrgRole>;
  invitations: Invitation[];
}

const RANK: Record<OrgRole, number> = { member: 1, admin: 2, owner: 3 };

/** The higher of two roles (an invitation never lowers a membership). */
export function higherRole(a: OrgRole, b: OrgRole): OrgRole {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * Loads an organisation with its members and invitations for the caller.
 * @throws NotFound when it does not exist or the caller is neither a member (of it or of its
 *   parent) nor staff: the same answer, so other customers' organisations cannot be probed.
 */
export async function reachOrg(
  deps: Pick<MembersDeps, 'accounts' | 'companies'>,
  caller: Caller,
  orgUid: string,
): Promise<ReachedOrg> {
  const org = await deps.accounts.getOrganization(orgUid);
  if (!org) throw new NotFound('Organization');
  const roles = await deps.companies.rolesOfUser(caller.userId);
  const role =
    roles.get(org.org_uid) ??
    (org.parent_uid ? roles.get(org.parent_uid) : undefined) ??
    (caller.staff ? 'admin' : undefined);
  if (!role) throw new NotFound('Organization');
  const [indexed, invitations] = await Promise.all([
    deps.accounts.membersOf(org.org_uid),
    deps.accounts.invitationsOf(org.org_uid),
  ]);
  const members = new Map(indexed.map((m) => [m.user_id, m.role]));
  // Memberships written before the member index (organisation creation, seeds) are not listed
  // by membersOf in DynamoDB: until now only the creator was ever a member, so look them up.
  const direct = roles.get(org.org_uid);
  if (direct && !members.has(caller.userId)) members.set(caller.userId, direct);
  if (!members.has(org.created_by)) {
    const creatorRole = (await deps.companies.rolesOfUser(org.created_by)).get(org.org_uid);
    if (creatorRole) members.set(org.created_by, creatorRole);
  }
  return { org, role, members, invitations };
}

/** @throws Forbidden unless the role manages the organisation (owner or admin). */
export function requireManager(role: OrgRole, action: string): void {
  if (role === 'member') throw new Forbidden(`Only owners and admins can ${action}.`);
}

/**
 * The seat cap of an organisation: none with an entitled enterprise subscription of it (or of
 * its parent), otherwise {@link SEAT_LIMIT} (team, individual, paygo or no plan: spec §9).
 */
export async function seatLimit(
  subscriptions: SubscriptionReader,
  org: Organization,
): Promise<number | null> {
  const orgs = org.parent_uid ? [org.org_uid, org.parent_uid] : [org.org_uid];
  const records = (await Promise.all(orgs.map((o) => subscriptions.subscriptionsOf(o)))).flat();
  return records.some((r) => r.plan === 'enterprise' && isEntitled(r)) ? null : SEAT_LIMIT;
}

/** Seats used: active members plus pending invitations. */
export function seatsUsed(reached: Pick<ReachedOrg, 'members' | 'invitations'>): number {
  return reached.members.size + reached.invitations.length;
}

/**
 * organization_members: the members (owners first, then admins, members; by e-mail) and the
 * pending invitations (newest first) with names and e-mails from the profiles, and the seats.
 * Steps: 1. reach the organisation (any member; 404 otherwise); 2. read the profiles;
 * 3. count the seats against the plan's cap.
 * @throws NotFound when the organisation is out of the caller's reach.
 */
export async function listMembers(
  deps: MembersDeps,
  caller: Caller,
  input: { organization_uid: string },
): Promise<OrganizationMembers> {
  return membersView(deps, await reachOrg(deps, caller, input.organization_uid));
}

/** The members result of a reached organisation. */
export async function membersView(
  deps: Pick<MembersDeps, 'accounts' | 'subscriptions'>,
  reached: ReachedOrg,
): Promise<OrganizationMembers> {
  const [active, limit] = await Promise.all([
    Promise.all(
      [...reached.members].map(async ([userId, role]): Promise<MemberView> => {
        const p = await deps.accounts.getProfile(userId);
        return {
          user_id: userId,
          email: p?.primary_email ?? '',
          name: p ? `${p.first_name} ${p.last_name}`.trim() : '',
          role,
          status: 'active',
        };
      }),
    ),
    seatLimit(deps.subscriptions, reached.org),
  ]);
  const invited = await Promise.all(
    [...reached.invitations]
      .sort((a, b) => b.invited_at.localeCompare(a.invited_at) || a.email.localeCompare(b.email))
      .map(async (i): Promise<MemberView> => {
        const p = await deps.accounts.profileByEmail(i.email);
        return {
          user_id: null,
          email: i.email,
          name: p ? `${p.first_name} ${p.last_name}`.trim() : '',
          role: i.role,
          status: 'invited',
          invited_at: i.invited_at,
        };
      }),
  );
  active.sort(
    (a, b) =>
      RANK[b.role] - RANK[a.role] ||
      a.email.localeCompare(b.email) ||
      String(a.user_id).localeCompare(String(b.user_id)),
  );
  const seats: Seats = { used: seatsUsed(reached), limit };
  return { members: [...active, ...invited], seats };
}
