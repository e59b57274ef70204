import type { AccountsRepository, Organization, OrgRole } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import type { CompaniesRepository } from '#shared/companies/companies';
import type { OrganizationInput } from '#shared/contracts/account.schema';
import type { OrganizationView, Shares } from '#shared/contracts/account-results.schema';
import { Forbidden, NotFound, ValidationError } from '#shared/errors';
import { provenCaller } from './proven-caller';
import { listShares } from './shares';

/** What the organisation use cases need (same CompaniesTable behind both repositories). */
export interface OrganizationDeps {
  accounts: AccountsRepository;
  companies: CompaniesRepository;
  now: () => Date;
  /** A new organisation uid. */
  newId: () => string;
}

/**
 * The caller's organisations with their role and client count, sorted by name (spec §3 "User
 * session" organizations with the sub_org flag; spec §7 my_organizations; spec "organization_list
 * (sorted by name)"). Sub-organisations of an organisation the caller belongs to are listed with
 * the role inherited from the parent (owners of a parent manage its sub-organisations).
 * With `topLevelOnly` (my_organizations: "top-level list hides sub-orgs") a sub-organisation is
 * left out when its parent is listed; one reached only by its own membership stays, flagged
 * `sub_org`, so nobody loses sight of their only organisation.
 */
export async function listOrganizations(
  accounts: AccountsRepository,
  companies: CompaniesRepository,
  userId: string,
  opts: { topLevelOnly: boolean },
): Promise<OrganizationView[]> {
  const entries = new Map<string, { org: Organization; role: OrgRole }>();
  const memberships = await accounts.organizationsOf(userId);
  for (const m of memberships) entries.set(m.org.org_uid, m);
  for (const { org, role } of memberships) {
    if (org.parent_uid !== null) continue;
    for (const sub of await accounts.subOrganizations(org.org_uid)) {
      if (!entries.has(sub.org_uid)) entries.set(sub.org_uid, { org: sub, role });
    }
  }
  const shown = [...entries.values()].filter(
    ({ org }) => !opts.topLevelOnly || org.parent_uid === null || !entries.has(org.parent_uid),
  );
  const views = await Promise.all(
    shown.map(async ({ org, role }) => ({
      org_uid: org.org_uid,
      name: org.name,
      email: org.email,
      parent_uid: org.parent_uid,
      sub_org: org.parent_uid !== null,
      role,
      clients: (await companies.listClientsOfOrg(org.org_uid)).length,
    })),
  );
  return views.sort((a, b) => a.name.localeCompare(b.name) || a.org_uid.localeCompare(b.org_uid));
}

/**
 * update_organization (spec §5 "Organization", §7 result.organizations and shares).
 * Steps: 1. without `org_uid`, create: with `parent_uid` the caller must be owner or admin of
 * that top-level parent (a sub-organisation); the caller becomes the owner; 2. with `org_uid`,
 * rename / change the e-mail: owners and admins of it (or of its parent) only; 3. answer with the
 * caller's organisations (all, sub-organisations flagged, as the session holds them) and shares.
 * @throws NotFound when the organisation (or parent) does not exist or the caller is not a
 *   member; Forbidden when a member is not owner or admin; ValidationError when a
 *   sub-organisation would get its own sub-organisation or change parent.
 */
export async function updateOrganization(
  deps: OrganizationDeps,
  caller: Caller,
  input: { org_uid?: string; name: string; email: string; parent_uid?: string },
): Promise<{ organizations: OrganizationView[]; shares: Shares }> {
  const now = deps.now().toISOString();
  if (!input.org_uid) {
    const parent = input.parent_uid ? await managedOrg(deps, caller, input.parent_uid) : null;
    if (parent && parent.parent_uid !== null)
      throw new ValidationError(
        'A sub-organization cannot have its own sub-organizations.',
        'parent_uid',
      );
    const org: Organization = {
      org_uid: deps.newId(),
      name: input.name,
      email: input.email,
      parent_uid: parent?.org_uid ?? null,
      created_by: caller.userId,
      created_at: now,
      updated_at: now,
    };
    await deps.accounts.putOrganization(org);
    await deps.accounts.putMember(caller.userId, org.org_uid, 'owner');
  } else {
    const org = await managedOrg(deps, caller, input.org_uid);
    if (input.parent_uid !== undefined && input.parent_uid !== (org.parent_uid ?? ''))
      throw new ValidationError('An organization cannot move to another parent.', 'parent_uid');
    await deps.accounts.putOrganization({
      ...org,
      name: input.name,
      email: input.email,
      updated_at: now,
    });
  }
  const [organizations, shares] = await Promise.all([
    listOrganizations(deps.accounts, deps.companies, caller.userId, { topLevelOnly: false }),
    provenCaller(deps.accounts, caller).then((proven) => listShares(deps.accounts, proven)),
  ]);
  return { organizations, shares };
}

/** Input type re-exported for the handler. */
export type { OrganizationInput };

/**
 * An organisation the caller manages: owner or admin of it, or of its parent.
 * @throws NotFound when absent or the caller has no role in it; Forbidden for plain members.
 */
async function managedOrg(
  deps: OrganizationDeps,
  caller: Caller,
  orgUid: string,
): Promise<Organization> {
  const org = await deps.accounts.getOrganization(orgUid);
  if (!org) throw new NotFound('Organization');
  const roles = await deps.companies.rolesOfUser(caller.userId);
  const role = roles.get(org.org_uid) ?? (org.parent_uid ? roles.get(org.parent_uid) : undefined);
  if (caller.staff) return org;
  if (!role) throw new NotFound('Organization');
  if (role === 'member') throw new Forbidden('Only owners and admins can change an organization.');
  return org;
}
