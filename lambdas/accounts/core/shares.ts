import type { AccountsRepository, Share } from '#shared/accounts/accounts';
import { orgRoleFor, permList, permsOf } from '#shared/accounts/perms';
import type { Caller } from '#shared/auth/caller';
import { type CompaniesRepository, clientWithPerms, loadAccess } from '#shared/companies/companies';
import type { Permission, PermsMap } from '#shared/contracts/account.schema';
import type { Shares, ShareView } from '#shared/contracts/account-results.schema';
import { Forbidden, NotFound, ValidationError } from '#shared/errors';
import { logger } from '#shared/logger';
import type { Mailer, VerificationCodes } from './ports';
import { newProfile } from './profile';
import type { ProvenCaller } from './proven-caller';
import { revokeUnbackedShares, unbackedReason } from './share-chain';
import { issueVerificationCode } from './verification';

/** What the share use cases need. */
export interface SharingDeps {
  accounts: AccountsRepository;
  companies: CompaniesRepository;
  mailer: Mailer;
  /** Absolute origin of the web app for links in e-mails, e.g. `https://app.example.com`. */
  appOrigin: string;
  now: () => Date;
  /** A new share uid. */
  newId: () => string;
  /** Codes for invitations: an address without an account gets a set-password link. */
  codes: VerificationCodes;
  /** Random 6-digit code. */
  randomCode: () => string;
}

/**
 * The caller's shares (spec §3 "User session" shares, §7 my_shares): `shared_to_others` are the
 * shares the caller gave; `shared_to_me` the shares to the caller's e-mail, only when its
 * profile proved it (ProvenCaller: a token's caller does not compile here). Removed shares are included (status 'removed') so they can be restored (spec §6).
 * Newest change first.
 */
export async function listShares(
  accounts: AccountsRepository,
  caller: ProvenCaller,
): Promise<Shares> {
  const [mine, toMe] = await Promise.all([
    accounts.sharesFrom(caller.userId),
    caller.emailVerified && caller.email ? accounts.sharesTo(caller.email) : Promise.resolve([]),
  ]);
  return { shared_to_me: views(toMe), shared_to_others: views(mine) };
}

/**
 * update_share: shares a client with an e-mail address, or changes a share's perms (spec §7).
 * Steps: 1. the caller needs `share` on the client (a missing perm is logged and denied) and may
 * grant only perms they hold (`view` always included); 2. new share: not to the caller's own
 * address; an earlier share of the same client to the same address by the caller is updated
 * and made active instead of duplicated; a newly active share mails the recipient a link to
 * /login, or to /register?email= when the address has no account; 3. existing share (share_uid):
 * only its grantor or an owner/admin of the client's organisation (staff too), and never with
 * perms its grantor no longer holds; 4. a share that lost perms takes down the reshares they
 * backed (share-chain.ts revokeUnbackedShares).
 * @returns `{ shares }` of the caller.
 * @throws NotFound when the client or share is out of reach; Forbidden when visible but not
 *   the caller's to change; ValidationError for the caller's own address, another address or
 *   perms the caller (or the share's grantor) lacks.
 */
export async function updateShare(
  deps: SharingDeps,
  caller: ProvenCaller,
  input: { share_uid?: string; client_uid: string; email: string; perms: Permission[] },
): Promise<{ shares: Shares }> {
  const { client, perms: mine } = await clientWithPerms(
    deps.companies,
    caller,
    input.client_uid,
    'share',
  );
  const perms = grantable(input.perms, mine);
  const now = deps.now().toISOString();
  if (input.share_uid) {
    const share = await deps.accounts.getShare(input.share_uid);
    if (!share || share.client_uid !== client.client_uid) throw new NotFound('Share');
    if (!(await managesShare(deps, caller, share)))
      throw new Forbidden(
        'Only the person who shared this client or an organization admin can change it.',
      );
    if (share.to_email !== input.email)
      throw new ValidationError(
        'Remove this share and share again to use another address.',
        'email',
      );
    const changed = { ...share, perms, updated_at: now };
    const unbacked = await unbackedReason(deps, changed, client, caller);
    if (unbacked) throw new ValidationError(unbacked, 'perms');
    await deps.accounts.putShare(changed);
    if (narrowed(share, changed)) await revokeUnbackedShares(deps, client, changed);
    return { shares: await listShares(deps.accounts, caller) };
  }
  if (input.email === caller.email)
    throw new ValidationError('You cannot share a client with yourself.', 'email');
  const earlier = (await deps.accounts.sharesFrom(caller.userId)).find(
    (s) => s.client_uid === client.client_uid && s.to_email === input.email,
  );
  const share: Share = earlier
    ? { ...earlier, perms, status: 'active', client_name: client.name, updated_at: now }
    : {
        share_uid: deps.newId(),
        client_uid: client.client_uid,
        client_name: client.name,
        from_user_id: caller.userId,
        from_email: caller.email ?? '',
        to_email: input.email,
        perms,
        status: 'active',
        created_at: now,
        updated_at: now,
      };
  await deps.accounts.putShare(share);
  if (earlier?.status !== 'active') await notify(deps, share);
  else if (narrowed(earlier, share)) await revokeUnbackedShares(deps, client, share);
  return { shares: await listShares(deps.accounts, caller) };
}

/** Whether `after` (active) grants less than `before` did while active. */
function narrowed(before: Share, after: Share): boolean {
  return before.status === 'active' && before.perms.some((p) => !after.perms.includes(p));
}

/**
 * remove_share (spec §6 "Shares can be removed or restored"): sets a share's status.
 * Who: its grantor, an owner/admin of the client's organisation, staff, or (remove only) the
 * recipient (verified e-mail). Removing also removes the reshares it backed, down the chain
 * (share-chain.ts); restoring brings back this share only, and only while its grantor holds
 * every permission it gives.
 * @returns `{ shares }` of the caller.
 * @throws NotFound when the share does not exist or the caller has nothing to do with it;
 *   Forbidden when the recipient tries to restore it, or when its grantor no longer holds its
 *   permissions.
 */
export async function removeShare(
  deps: Pick<SharingDeps, 'accounts' | 'companies' | 'now'>,
  caller: ProvenCaller,
  input: { share_uid: string; action: 'remove' | 'restore' },
): Promise<{ shares: Shares }> {
  const share = await deps.accounts.getShare(input.share_uid);
  if (!share) throw new NotFound('Share');
  const recipient = caller.emailVerified && caller.email === share.to_email;
  if (!(await managesShare(deps, caller, share))) {
    if (!recipient) throw new NotFound('Share');
    if (input.action === 'restore')
      throw new Forbidden('Ask the person who shared this client to share it again.');
  }
  const status = input.action === 'remove' ? 'removed' : 'active';
  if (share.status === status) return { shares: await listShares(deps.accounts, caller) };
  const changed: Share = { ...share, status, updated_at: deps.now().toISOString() };
  const client = await deps.companies.getClient(share.client_uid);
  const unbacked = status === 'active' && (await unbackedReason(deps, changed, client, caller));
  if (unbacked) throw new Forbidden(unbacked);
  await deps.accounts.putShare(changed);
  if (status === 'removed' && client) await revokeUnbackedShares(deps, client, changed);
  return { shares: await listShares(deps.accounts, caller) };
}

/** Whether the caller is the share's grantor, an owner/admin of the client's org, or staff. */
async function managesShare(
  deps: Pick<SharingDeps, 'companies'>,
  caller: Caller,
  share: Share,
): Promise<boolean> {
  if (caller.staff || share.from_user_id === caller.userId) return true;
  const client = await deps.companies.getClient(share.client_uid);
  if (!client) return false;
  const role = orgRoleFor(
    client.org_uid,
    await loadAccess(deps.companies, caller, [client.org_uid]),
  );
  return role === 'owner' || role === 'admin';
}

/** The perms to grant: the requested ones plus `view`, each held by the caller. */
function grantable(requested: readonly Permission[], mine: PermsMap): Permission[] {
  const perms = permsOf(requested);
  const missing = permList(perms).filter((p) => !mine[p]);
  if (missing.length > 0)
    throw new ValidationError(
      `You cannot share a permission you do not have: ${missing.join(', ')}.`,
      'perms',
    );
  return permList(perms);
}

/**
 * Mails the recipient of a newly active share; a failed send is logged, the share stays. An
 * address with an account gets a link to log in. One without gets an invitation: a placeholder
 * profile (not registered, no password) and a verification code, whose link opens
 * /verify-email, where they set a password (finish_registration) and see the client at once.
 * Past the hourly code limit (issueVerificationCode: LIMITS.codesPerEmail per address) no code
 * is stored, so none is mailed: the invitation points to the code the address already got and
 * to /verify-email, where a new one can be asked for once the hour is over.
 */
async function notify(deps: SharingDeps, share: Share): Promise<void> {
  const email = share.to_email;
  const account = await deps.accounts.profileByEmail(email);
  const registered = account?.is_registered === true;
  if (!account)
    await deps.accounts.createProfile(
      newProfile(
        {
          user_id: `invite:${email}`,
          primary_email: email,
          is_registered: false,
          has_password: false,
        },
        deps.now(),
      ),
    );
  const code = registered ? null : await issueVerificationCode(deps, email);
  const verifyLink = `${deps.appOrigin}/verify-email?email=${encodeURIComponent(email)}`;
  const from = share.from_email || 'Someone';
  const subject = `${from} shared ${share.client_name} with you on AnalyticOwl`;
  const text = [
    `${subject}.`,
    '',
    `You can ${share.perms.join(', ')} ${share.client_name}.`,
    registered
      ? `Log in to see it: ${deps.appOrigin}/login`
      : code !== null
        ? `Choose a password to see it (the link works for 24 hours): ${verifyLink}&code=${code}`
        : `Choose a password to see it with the link in the latest e-mail AnalyticOwl sent to this address (it works for 24 hours), or ask for a new code in an hour: ${verifyLink}`,
  ].join('\n');
  if (!registered && code === null)
    logger.warn('share invitation mailed without a code: hourly code limit', {
      share_uid: share.share_uid,
    });
  try {
    await deps.mailer.send({ to: email, subject, text });
  } catch (error) {
    logger.error('share e-mail failed', { share_uid: share.share_uid, error: error as Error });
  }
}

function views(shares: Share[]): ShareView[] {
  return shares
    .map((s) => ({
      share_uid: s.share_uid,
      client_uid: s.client_uid,
      client_name: s.client_name,
      from_email: s.from_email,
      to_email: s.to_email,
      perms: s.perms,
      status: s.status,
      updated_at: s.updated_at,
    }))
    .sort(
      (a, b) => b.updated_at.localeCompare(a.updated_at) || a.share_uid.localeCompare(b.share_uid),
    );
}
