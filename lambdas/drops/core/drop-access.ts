import { clientPerms, orgRoleFor } from '#shared/accounts/perms';
import type { Caller } from '#shared/auth/caller';
import {
  type ClientRecord,
  type CompaniesRepository,
  loadAccess,
} from '#shared/companies/companies';
import { DROP_MESSAGES } from '#shared/contracts/drops.schema';
import { Forbidden, NotFound } from '#shared/errors';

/**
 * Whether the user manages the organisation: owner or admin of it, or of its parent (owners of
 * a parent manage its sub-organisations). Staff get no exception: a drop imports as its maker.
 */
export async function managesOrg(
  companies: CompaniesRepository,
  caller: Caller,
  orgUid: string,
): Promise<'manager' | 'member' | null> {
  const role = orgRoleFor(orgUid, await loadAccess(companies, caller, [orgUid]));
  if (!role) return null;
  return role === 'member' ? 'member' : 'manager';
}

/**
 * Checks that the caller manages `orgUid` (drops are made, listed and revoked by its owners and
 * admins only).
 * @throws NotFound(`what`) when the caller is not in the organisation (nor its parent): the same
 *   answer as for one that does not exist; Forbidden for a plain member.
 */
export async function requireOrgManager(
  companies: CompaniesRepository,
  caller: Caller,
  orgUid: string,
  what = 'Organization',
): Promise<void> {
  const role = await managesOrg(companies, caller, orgUid);
  if (role === null) throw new NotFound(what);
  if (role === 'member') throw new Forbidden(DROP_MESSAGES.managersOnly);
}

/**
 * A client the caller may make a drop for: one of an organisation they manage, not a sample.
 * @throws NotFound when it does not exist or the caller cannot see it; Forbidden when they see
 *   it (a member, a sharee) but do not manage its organisation, or it is a read-only sample.
 */
export async function droppableClient(
  companies: CompaniesRepository,
  caller: Caller,
  clientUid: string,
): Promise<ClientRecord> {
  const client = await companies.getClient(clientUid);
  if (!client) throw new NotFound('Client');
  const access = await loadAccess(companies, caller, [client.org_uid]);
  if (!clientPerms(caller, client, access).view) throw new NotFound('Client');
  if (client.demo) throw new Forbidden('Sample clients are read-only.');
  const role = orgRoleFor(client.org_uid, access);
  if (role !== 'owner' && role !== 'admin') throw new Forbidden(DROP_MESSAGES.managersOnly);
  return client;
}

/**
 * The drop's maker as a caller, for the checks made when a file arrives or an uploader logs in
 * (the maker must still manage the organisation): their own memberships only, no staff powers
 * and no shares (a drop never reaches further than its maker's role).
 */
export function makerAsCaller(userId: string): Caller {
  return { userId, email: null, emailVerified: false, staff: false, agent: false };
}

/**
 * Whether a drop may still take files: its maker still manages its organisation and, for a
 * client drop, the client is still that organisation's (and not a sample).
 * @returns the drop's client (null for an organisation drop), or why not (for the result file).
 */
export async function dropStillValid(
  companies: CompaniesRepository,
  drop: { org_uid: string; client_uid: string | null; created_by: string },
): Promise<{ problem: string } | { client: ClientRecord | null }> {
  const role = await managesOrg(companies, makerAsCaller(drop.created_by), drop.org_uid);
  if (role !== 'manager')
    return {
      problem:
        'The person who made this drop no longer manages the organization; ask an owner or admin for a new drop.',
    };
  if (!drop.client_uid) return { client: null };
  const client = await companies.getClient(drop.client_uid);
  if (!client || client.org_uid !== drop.org_uid || client.demo)
    return { problem: 'The client of this drop no longer exists.' };
  return { client };
}
