import type { AccountsRepository, Organization, UserProfile } from '#shared/accounts/accounts';
import type { CompaniesRepository } from '#shared/companies/companies';
import type { AccountsDeps } from './ports';

/**
 * Profile and personal-organisation helpers shared by the account flows (spec §3
 * "User session", "Registration", "Organization").
 */

/** A complete profile from the fields a flow knows; everything else gets its empty default. */
export function newProfile(
  fields: Pick<UserProfile, 'user_id' | 'primary_email'> & Partial<UserProfile>,
  now: Date,
): UserProfile {
  const at = now.toISOString();
  return {
    first_name: '',
    last_name: '',
    phone: '',
    user_type: null,
    industry_id: '',
    markets: [],
    primary_broadcast_type: 'all',
    default_station_id: '',
    company: '',
    url: '',
    years_experience: null,
    industry_start_date: '',
    default_report_tab: '',
    recent_clients: [],
    default_station_info: null,
    email_verified: false,
    is_registered: true,
    has_password: true,
    wl_base_url: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

/**
 * Stores `profile` for its e-mail, replacing an invitation placeholder (is_registered false) or
 * a registration nobody verified (a later registration of the address wins over it). A
 * verified profile is never replaced.
 * @throws Conflict (from the repository) when a verified profile claims the e-mail.
 */
export async function claimProfile(accounts: AccountsRepository, profile: UserProfile) {
  const existing = await accounts.profileByEmail(profile.primary_email);
  if (existing && !(existing.is_registered && existing.email_verified))
    await accounts.deleteProfile(existing.user_id, existing.primary_email);
  await accounts.createProfile(profile);
}

/** "First Last", or the e-mail when the names are empty. */
export function fullName(p: Pick<UserProfile, 'first_name' | 'last_name' | 'primary_email'>) {
  return `${p.first_name} ${p.last_name}`.trim() || p.primary_email;
}

/**
 * Gives a user a personal organisation they own when they belong to none (spec §3
 * "Organization": uid, organization_name, primary_email). Name: the company, else the full name.
 * @returns the uid of the created organisation, or null when the user already had one.
 */
export async function ensurePersonalOrg(
  deps: Pick<AccountsDeps, 'accounts' | 'now' | 'newId'>,
  companies: CompaniesRepository,
  profile: UserProfile,
): Promise<string | null> {
  if ((await companies.orgsOfUser(profile.user_id)).length > 0) return null;
  const at = deps.now().toISOString();
  const org: Organization = {
    org_uid: deps.newId(),
    name: profile.company || fullName(profile),
    email: profile.primary_email,
    parent_uid: null,
    created_by: profile.user_id,
    created_at: at,
    updated_at: at,
  };
  await deps.accounts.putOrganization(org);
  // putMember: the membership joins the organisation's member index (organization_members).
  await deps.accounts.putMember(profile.user_id, org.org_uid, 'owner');
  return org.org_uid;
}
