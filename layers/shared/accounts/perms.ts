import type { Caller } from '../auth/caller';
import type { ClientRecord } from '../companies/companies';
import { PERMISSIONS, type Permission, type PermsMap } from '../contracts/account.schema';
import { Forbidden, NotFound } from '../errors';
import { logger } from '../logger';
import type { OrgRole, Share } from './accounts';

/**
 * The per-client perms map (spec §3 Client info "perms", §6 "Client info carries a perms map
 * checked per permission name (a warning is logged if missing)"). Pure: the caller's
 * memberships and shares are looked up elsewhere
 * (companies.ts `loadAccess`) and passed in.
 */

/** What a caller reaches clients through. */
export interface ClientAccess {
  /** The caller's organisations and role in each (memberships). */
  orgRoles: ReadonlyMap<string, OrgRole>;
  /** Shares to the caller's e-mail; only active ones to a VERIFIED e-mail count. */
  shares: readonly Share[];
  /** Parent organisation of an organisation, for the clients' organisations that have one. */
  orgParents: ReadonlyMap<string, string>;
}

/** Every permission granted (staff; owners and admins). */
export const ALL_PERMS: PermsMap = {
  view: true,
  edit: true,
  import: true,
  share: true,
  schedule: true,
};
/** No permission. */
export const NO_PERMS: PermsMap = {
  view: false,
  edit: false,
  import: false,
  share: false,
  schedule: false,
};
/** What a plain member may do: everything but sharing. */
const MEMBER_PERMS: PermsMap = { ...ALL_PERMS, share: false };

/** A perms map from a list of names (`view` always implied by any other). */
export function permsOf(list: readonly Permission[]): PermsMap {
  const perms = { ...NO_PERMS };
  for (const p of list) perms[p] = true;
  if (list.length > 0) perms.view = true;
  return perms;
}

/** The names set in a perms map, in PERMISSIONS order. */
export function permList(perms: PermsMap): Permission[] {
  return PERMISSIONS.filter((p) => perms[p]);
}

/**
 * The caller's role over a client's organisation: their role in it, else their role in its
 * parent (owners of a parent manage its sub-organisations). Null when neither.
 */
export function orgRoleFor(orgUid: string, access: ClientAccess): OrgRole | null {
  const direct = access.orgRoles.get(orgUid);
  if (direct) return direct;
  const parent = access.orgParents.get(orgUid);
  return (parent && access.orgRoles.get(parent)) || null;
}

/** The active shares of one client that count for the caller (verified e-mail only). */
export function activeSharesFor(
  caller: Caller,
  clientUid: string,
  shares: readonly Share[],
): Share[] {
  if (!caller.emailVerified || !caller.email) return [];
  return shares.filter(
    (s) => s.client_uid === clientUid && s.status === 'active' && s.to_email === caller.email,
  );
}

/**
 * The caller's perms map for one client. Rules, first match wins:
 * 1. staff: everything; 2. demo client: view only; 3. otherwise the union of the org role
 * (owner/admin: everything; member: all but `share`) and the active shares to the caller's
 * verified e-mail (each share's perms, `view` implied). No membership and no share: nothing.
 */
export function clientPerms(caller: Caller, client: ClientRecord, access: ClientAccess): PermsMap {
  if (caller.staff) return { ...ALL_PERMS };
  if (client.demo) return { ...NO_PERMS, view: true };
  const role = orgRoleFor(client.org_uid, access);
  const perms =
    role === null ? { ...NO_PERMS } : { ...(role === 'member' ? MEMBER_PERMS : ALL_PERMS) };
  for (const share of activeSharesFor(caller, client.client_uid, access.shares)) {
    const granted = permsOf(share.perms);
    for (const p of PERMISSIONS) perms[p] ||= granted[p];
  }
  return perms;
}

/**
 * Checks one permission of a perms map. A missing permission is logged as a WARN
 * ("permission missing" with perm, client_uid, user_id; spec §6) and denied.
 * @throws NotFound('Client') when the caller cannot even view the client (so ids of other
 *   customers cannot be probed); Forbidden when it is visible but the permission is missing.
 */
export function requirePerm(
  perm: Permission,
  perms: PermsMap,
  caller: Caller,
  client: ClientRecord,
): void {
  if (perms[perm]) return;
  logger.warn('permission missing', {
    perm,
    client_uid: client.client_uid,
    user_id: caller.userId,
  });
  if (!perms.view) throw new NotFound('Client');
  throw new Forbidden(
    client.demo
      ? 'Sample clients are read-only.'
      : `You do not have the ${perm} permission for this client.`,
  );
}
