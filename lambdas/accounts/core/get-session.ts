import type { AccountsRepository, UserProfile } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import { noProducts } from '#shared/billing/available-products';
import { availableProductsOf, type EntitlementDeps } from '#shared/billing/entitlements';
import type { CompaniesRepository } from '#shared/companies/companies';
import type { UserSession } from '#shared/contracts/account-results.schema';
import { Conflict } from '#shared/errors';
import { acceptInvitations } from './accept-invitations';
import { missingInfo } from './missing-info';
import { listOrganizations } from './organizations';
import type { IdentityProvider } from './ports';
import { newProfile } from './profile';
import { provenFrom } from './proven-caller';
import { listShares } from './shares';
import type { StationLookup } from './station-choice';

/** What get_session, update_profile and missing_info read. */
export interface SessionDeps {
  accounts: AccountsRepository;
  companies: CompaniesRepository;
  now: () => Date;
  /** The billing copies the available_products flags come from; none: every flag false. */
  entitlements?: EntitlementDeps;
  /**
   * The user pool, asked whether a user without a profile has a verified e-mail (the token's
   * claim is not taken for it). None: such a profile starts unverified.
   */
  identity?: Pick<IdentityProvider, 'findUser'>;
  /** The station list update_profile checks a primary station against (none: no station). */
  stations?: StationLookup;
}

/**
 * The caller's profile. A signed-in user without one (e.g. staff created by an administrator
 * in the user pool) gets a minimal profile from the token's e-mail, verified only as far as the
 * user pool says (never from the token's claim), stored when the e-mail is free (an invitation
 * placeholder for it is replaced) and otherwise only returned.
 */
export async function ensureProfile(deps: SessionDeps, caller: Caller): Promise<UserProfile> {
  const known = await deps.accounts.getProfile(caller.userId);
  if (known) return known;
  const email = caller.email ?? '';
  const other = email ? await deps.accounts.profileByEmail(email) : null;
  const at = deps.now().toISOString();
  const pooled = email && deps.identity ? await deps.identity.findUser(email) : null;
  const profile = newProfile(
    {
      // An invitation placeholder for the address keeps what the inviter knew.
      ...(other && !other.is_registered ? other : {}),
      user_id: caller.userId,
      primary_email: email,
      email_verified: pooled?.userId === caller.userId && pooled.emailVerified,
      is_registered: true,
      created_at: at,
      updated_at: at,
    },
    deps.now(),
  );
  if (!email || other?.is_registered) return profile;
  try {
    if (other) await deps.accounts.deleteProfile(other.user_id, other.primary_email);
    await deps.accounts.createProfile(profile);
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
  }
  return profile;
}

/**
 * get_session (spec §3 "User session", §7 GET get_session): the profile, ALL the caller's
 * organisations (sub-organisations included, flagged `sub_org`), shares to and from the caller,
 * the fields still missing, the staff / agent roles from the token's groups and the
 * available_products flags of the caller's subscriptions (spec §6). Pending organisation
 * invitations to the caller's verified e-mail are accepted first, so the organisations (and
 * their team plans) are there at once after sign-in. "Verified" is the profile's word, not the
 * token's claim (proven-caller.ts).
 */
export async function getSession(deps: SessionDeps, caller: Caller): Promise<UserSession> {
  const profile = await ensureProfile(deps, caller);
  await acceptInvitations(deps, caller);
  const [organizations, shares, availableProducts] = await Promise.all([
    listOrganizations(deps.accounts, deps.companies, caller.userId, { topLevelOnly: false }),
    listShares(deps.accounts, provenFrom(caller, profile)),
    deps.entitlements
      ? availableProductsOf(deps.entitlements, caller.userId)
      : Promise.resolve(noProducts()),
  ]);
  return {
    user_id: profile.user_id,
    is_registered: profile.is_registered,
    primary_email: profile.primary_email,
    full_name: `${profile.first_name} ${profile.last_name}`.trim(),
    first_name: profile.first_name,
    last_name: profile.last_name,
    user_type: profile.user_type,
    phone: profile.phone,
    company: profile.company,
    url: profile.url,
    industry_id: profile.industry_id,
    markets: profile.markets,
    primary_broadcast_type: profile.primary_broadcast_type,
    default_station_id: profile.default_station_id,
    default_report_tab: profile.default_report_tab,
    recent_clients: profile.recent_clients,
    default_station_info: profile.default_station_info,
    email_verified: profile.email_verified,
    organizations,
    shares,
    missing_info: missingInfo(profile),
    staff: caller.staff,
    agent: caller.agent,
    available_products: availableProducts,
  };
}

/** GET missing_info (spec §7 result.missing_info): the caller's profile fields still empty. */
export async function getMissingInfo(
  deps: SessionDeps,
  caller: Caller,
): Promise<{ missing_info: string[] }> {
  return { missing_info: missingInfo(await ensureProfile(deps, caller)) };
}
