import type { AccountsRepository, Share, UserProfile } from '#shared/accounts/accounts';
import { clientPerms } from '#shared/accounts/perms';
import type { Caller } from '#shared/auth/caller';
import {
  type ClientRecord,
  type CompaniesRepository,
  loadAccess,
} from '#shared/companies/companies';
import type { PermsMap } from '#shared/contracts/account.schema';
import { logger } from '#shared/logger';

/**
 * The rule that a share never grants more than its sharer holds, kept after the fact: when a
 * share is removed or narrowed, or a sharer leaves the organisation whose role backed their
 * shares, the shares passed on below (down the chain) that their sharer no longer holds are
 * removed too. Removed, not deleted: they stay listed
 * (status 'removed'), and restoring a share never restores the ones it led to; each sharer
 * restores their own, once they hold the permissions again.
 *
 * A sharer's staff role is not stored with the account (it is a Cognito group), so here a
 * sharer holds only what their organisation roles and shares give them.
 */

/** What the share-chain functions read and write. */
export interface ShareChainDeps {
  accounts: Pick<AccountsRepository, 'getProfile' | 'profileByEmail' | 'sharesFrom' | 'putShare'>;
  companies: CompaniesRepository;
  now: () => Date;
}

/**
 * Why `share` may not be given as it stands: its sharer (`caller` when they are the one asking,
 * staff counted; else read from their account) does not hold all its perms on the client now.
 * @returns e.g. "You no longer hold these permissions for this client: edit.", or null when the
 *   share is backed.
 */
export async function unbackedReason(
  deps: Pick<ShareChainDeps, 'accounts' | 'companies'>,
  share: Share,
  client: ClientRecord | null,
  caller: Caller,
): Promise<string | null> {
  const own = caller.userId === share.from_user_id;
  const sharer = own ? caller : asCaller(await deps.accounts.getProfile(share.from_user_id));
  const held =
    sharer && client
      ? clientPerms(sharer, client, await loadAccess(deps.companies, sharer, [client.org_uid]))
      : null;
  const lacking = share.perms.filter((p) => !held?.[p]);
  if (lacking.length === 0) return null;
  const who = own ? 'You no longer hold' : `${share.from_email} no longer holds`;
  return `${who} these permissions for this client: ${lacking.join(', ')}.`;
}

/**
 * Removes the active shares of `client` downstream of `recipientEmail` that are no longer backed
 * after a share to that address was removed or narrowed (`changed`: its stored new version).
 * Steps: 1. walk down the chain: the recipient's active shares of the client, their recipients'
 * shares, and so on (each address once); 2. a share of the walk is backed when its sharer's
 * organisation role, the shares to them from outside the walk, and the shares of the walk
 * already found backed together hold all its perms, repeated until nothing changes (so shares
 * passed round in a circle cannot keep each other alive); 3. every share of the walk not backed
 * becomes 'removed' and is logged with the change that caused it.
 * @returns the uids of the shares removed.
 */
export async function revokeUnbackedShares(
  deps: ShareChainDeps,
  client: ClientRecord,
  changed: Share,
): Promise<string[]> {
  return revokeBelow(deps, client, changed.to_email, new Map([[changed.share_uid, changed]]), {
    cause_share_uid: changed.share_uid,
  });
}

/**
 * After a member left or was removed from an organisation (their membership already deleted):
 * removes the shares they gave of the clients of that organisation and of its
 * sub-organisations (a parent's role reaches those), and the reshares below them, that nothing
 * else they hold still backs (the same walk as revokeUnbackedShares, from their address).
 * Shares of other organisations' clients are not touched.
 * @returns the uids of the shares removed.
 */
export async function revokeSharesOfFormerMember(
  deps: ShareChainDeps,
  member: { userId: string; orgUid: string },
): Promise<string[]> {
  const profile = await deps.accounts.getProfile(member.userId);
  if (!profile) return [];
  const given = (await deps.accounts.sharesFrom(member.userId)).filter(
    (s) => s.status === 'active',
  );
  if (given.length === 0) return [];
  const orgs = new Set([member.orgUid, ...(await deps.companies.childOrgs(member.orgUid))]);
  const revoked: string[] = [];
  for (const clientUid of new Set(given.map((s) => s.client_uid))) {
    const client = await deps.companies.getClient(clientUid);
    if (!client || !orgs.has(client.org_uid)) continue;
    revoked.push(
      ...(await revokeBelow(deps, client, profile.primary_email, new Map(), {
        cause_user_id: member.userId,
        cause_left_org_uid: member.orgUid,
      })),
    );
  }
  return revoked;
}

/** Steps 1-3 of revokeUnbackedShares from any address; `cause` goes to the log. */
async function revokeBelow(
  deps: ShareChainDeps,
  client: ClientRecord,
  rootEmail: string,
  known: ReadonlyMap<string, Share>,
  cause: Record<string, string>,
): Promise<string[]> {
  const walk = await downstream(deps, client.client_uid, rootEmail, known);
  if (walk.shares.length === 0) return [];
  const inWalk = new Set(walk.shares.map((s) => s.share_uid));
  const base = new Map<string, PermsMap>();
  for (const profile of walk.sharers.values()) {
    const sharer = asCaller(profile);
    if (!sharer) continue;
    const access = await loadAccess(deps.companies, sharer, [client.org_uid]);
    const outside = access.shares
      .map((s) => known.get(s.share_uid) ?? s)
      .filter((s) => s.status === 'active' && !inWalk.has(s.share_uid));
    base.set(profile.user_id, clientPerms(sharer, client, { ...access, shares: outside }));
  }
  const backed = backedShares(walk.shares, base, walk.sharers);
  const revoked = walk.shares.filter((s) => !backed.has(s.share_uid));
  const now = deps.now().toISOString();
  for (const share of revoked) {
    await deps.accounts.putShare({ ...share, status: 'removed', updated_at: now });
    logger.info('share revoked with what backed it', {
      share_uid: share.share_uid,
      client_uid: share.client_uid,
      ...cause,
    });
  }
  return revoked.map((s) => s.share_uid);
}

/** Step 2 of revokeUnbackedShares: the least set of backed shares (a fixpoint from below). */
function backedShares(
  shares: readonly Share[],
  base: ReadonlyMap<string, PermsMap>,
  sharers: ReadonlyMap<string, UserProfile>,
): Set<string> {
  const backed = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const share of shares) {
      if (backed.has(share.share_uid)) continue;
      const held = { ...(base.get(share.from_user_id) ?? {}) } as Partial<PermsMap>;
      const profile = sharers.get(share.from_user_id);
      if (profile?.email_verified)
        for (const given of shares)
          if (backed.has(given.share_uid) && given.to_email === profile.primary_email)
            for (const p of given.perms) held[p] = true;
      if (share.perms.every((p) => held[p])) {
        backed.add(share.share_uid);
        grew = true;
      }
    }
  }
  return backed;
}

/** Step 1 of revokeUnbackedShares: the active shares of the client below an address. */
async function downstream(
  deps: Pick<ShareChainDeps, 'accounts'>,
  clientUid: string,
  fromEmail: string,
  known: ReadonlyMap<string, Share>,
): Promise<{ shares: Share[]; sharers: Map<string, UserProfile> }> {
  const shares: Share[] = [];
  const sharers = new Map<string, UserProfile>();
  const seen = new Set<string>();
  const queue = [fromEmail];
  for (let email = queue.shift(); email !== undefined; email = queue.shift()) {
    if (seen.has(email)) continue;
    seen.add(email);
    const profile = await deps.accounts.profileByEmail(email);
    if (!profile) continue;
    const given = (await deps.accounts.sharesFrom(profile.user_id))
      .map((s) => known.get(s.share_uid) ?? s)
      .filter((s) => s.client_uid === clientUid && s.status === 'active');
    if (given.length > 0) sharers.set(profile.user_id, profile);
    for (const share of given) {
      shares.push(share);
      queue.push(share.to_email);
    }
  }
  return { shares, sharers };
}

/** A sharer as the perms rules see them (never staff: that role is not on the account). */
function asCaller(profile: UserProfile | null): Caller | null {
  if (!profile) return null;
  return {
    userId: profile.user_id,
    email: profile.primary_email,
    emailVerified: profile.email_verified,
    staff: false,
    agent: false,
  };
}
