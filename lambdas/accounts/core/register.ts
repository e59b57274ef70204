import type { CompaniesRepository } from '../../../layers/shared/companies/companies';
import type { Registration } from '../../../layers/shared/contracts/account.schema';
import { Conflict } from '../../../layers/shared/errors';
import { emailTaken, tooMany } from './account-errors';
import { LIMITS, type RequestMeta } from './limits';
import type { AccountsDeps } from './ports';
import { claimProfile, ensurePersonalOrg, newProfile } from './profile';
import { sendVerificationCode } from './verification';

/**
 * Counts a registration from the caller's address (register and simple_register share the
 * budget: LIMITS.registrationsPerIp per hour).
 * @throws AppError 429 `rate_limited` over the limit.
 */
export async function throttleRegistration(deps: AccountsDeps, meta: RequestMeta): Promise<void> {
  const hits = await deps.limiter.hit(`register-ip:${meta.sourceIp}`, LIMITS.hourS);
  if (hits > LIMITS.registrationsPerIp) throw tooMany();
}

/**
 * Creates the Cognito user with the password (never stored by us).
 * @returns the new user's id (`sub`).
 * @throws AppError 409 `email_taken` when Cognito already has the address; Cognito's other
 *   refusals as they come.
 */
export async function createIdentity(
  deps: AccountsDeps,
  email: string,
  input: { new_password: string; first_name: string; last_name: string },
): Promise<string> {
  try {
    return await deps.identity.createUser({
      email,
      password: input.new_password,
      firstName: input.first_name,
      lastName: input.last_name,
    });
  } catch (error) {
    if (error instanceof Conflict) throw emailTaken();
    throw error;
  }
}

/** register result: the address the code went to. */
export interface RegisterResult {
  email: string;
  verification_sent: true;
}

/**
 * Creates an account from a parsed registration (spec §3 "Registration", §5 rules; issue #3).
 *
 * Steps: 1. throttle per source address (10 per hour). 2. refuse an e-mail a registered profile
 * claims. 3. create the Cognito user with the password (never stored by us). 4. store the
 * profile (unverified), replacing an invitation placeholder. 5. give the user a personal
 * organisation they own. 6. mail a 6-digit code and a /verify-email link.
 * @throws AppError 429 `rate_limited`; 409 `email_taken` (field `email`) when the address has
 *   an account (spec §8 "field-specific email error"); ValidationError when Cognito refuses the
 *   password.
 */
export async function register(
  deps: AccountsDeps,
  companies: CompaniesRepository,
  input: Registration,
  meta: RequestMeta,
): Promise<RegisterResult> {
  await throttleRegistration(deps, meta);

  const email = input.email;
  const existing = await deps.accounts.profileByEmail(email);
  if (existing?.is_registered) throw emailTaken();

  const userId = await createIdentity(deps, email, input);

  const profile = newProfile(
    {
      // An invitation placeholder keeps what the inviter knew; the form wins where filled.
      ...(existing ?? {}),
      user_id: userId,
      primary_email: email,
      first_name: input.first_name,
      last_name: input.last_name,
      phone: input.phone,
      user_type: input.user_type,
      industry_id: input.industry_id,
      markets: input.markets,
      primary_broadcast_type: input.primary_broadcast_type,
      default_station_id: input.default_station_id,
      company: input.company,
      url: input.url,
      years_experience: input.years_experience_raw,
      industry_start_date: input.industry_start_date,
      email_verified: false,
      is_registered: true,
      has_password: true,
      created_at: deps.now().toISOString(),
      updated_at: deps.now().toISOString(),
    },
    deps.now(),
  );
  await claimProfile(deps.accounts, profile);
  await ensurePersonalOrg(deps, companies, profile);
  await sendVerificationCode(deps, email);
  return { email, verification_sent: true };
}
