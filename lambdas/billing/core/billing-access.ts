import type { Organization, OrgRole, UserProfile } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import { Forbidden, NotFound } from '#shared/errors';
import type { BillingDeps } from './ports';

/**
 * Who may manage an organisation's billing (spec §6 "Team and enterprise are
 * organization-level"): its owners and admins. Billing lives per organisation (one Stripe
 * customer each).
 */

/**
 * The organisation and the caller's role in it, for an owner or admin.
 * @throws NotFound('Organization') when the caller is not a member (so other customers' ids
 *   cannot be probed); Forbidden when a plain member asks.
 */
export async function requireBillingManager(
  deps: Pick<BillingDeps, 'accounts'>,
  caller: Caller,
  orgUid: string,
): Promise<{ org: Organization; role: OrgRole }> {
  const memberships = await deps.accounts.organizationsOf(caller.userId);
  const found = memberships.find((m) => m.org.org_uid === orgUid);
  if (!found) throw new NotFound('Organization');
  if (found.role === 'member')
    throw new Forbidden('Only owners and admins can manage billing for this organization.');
  return found;
}

/**
 * Is this the user's personal organisation, the one made at registration (accounts
 * `ensurePersonalOrg`: top-level, created by the user, named after their company or full name,
 * with their primary e-mail)? Team plans need a real organisation (spec §5 "Team and enterprise
 * need an organization selected").
 */
export function isPersonalOrg(org: Organization, profile: UserProfile | null): boolean {
  if (!profile || org.parent_uid !== null || org.created_by !== profile.user_id) return false;
  const fullName = `${profile.first_name} ${profile.last_name}`.trim() || profile.primary_email;
  return org.email === profile.primary_email && org.name === (profile.company || fullName);
}

/**
 * The organisation's Stripe customer, created on first need (metadata organization_uid, email =
 * the organisation's e-mail) and kept in its billing account.
 * @returns `cus_...`
 */
export async function customerFor(
  deps: Pick<BillingDeps, 'payments' | 'store' | 'now'>,
  org: Organization,
): Promise<string> {
  const known = (await deps.store.getAccount(org.org_uid))?.stripe_customer_id;
  if (known) return known;
  const id = await deps.payments.ensureCustomer({
    organization_uid: org.org_uid,
    name: org.name,
    email: org.email,
  });
  await deps.store.updateAccount(org.org_uid, {
    stripe_customer_id: id,
    updated_at: deps.now().toISOString(),
  });
  return id;
}
