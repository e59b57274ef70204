import type { UserProfile } from '#shared/accounts/accounts';

/**
 * The profile fields a user still has to fill in (spec §3 "User session" missing_info; §7
 * GET missing_info), in form order: names, account type and phone for everyone; industry,
 * company and website for advertisers (`self`); markets for reps (spec §6 "Reps see markets ...;
 * advertisers see industry, company, url"). A Google sign-in starts with most of these missing.
 * @returns field names of the registration form, e.g. `['phone', 'industry_id']`.
 */
export function missingInfo(profile: UserProfile): string[] {
  const missing: string[] = [];
  const empty = (field: keyof UserProfile, value: string | null) => {
    if (!value) missing.push(field);
  };
  empty('first_name', profile.first_name);
  empty('last_name', profile.last_name);
  empty('user_type', profile.user_type);
  empty('phone', profile.phone);
  if (profile.user_type === 'self') {
    empty('industry_id', profile.industry_id);
    empty('company', profile.company);
    empty('url', profile.url);
  }
  if (profile.user_type === 'rep' && profile.markets.length === 0) missing.push('markets');
  return missing;
}
