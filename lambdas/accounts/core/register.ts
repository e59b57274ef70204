import type { CompaniesRepository } from '#shared/companies/companies';
import type { Registration } from '#shared/contracts/account.schema';
import { Conflict } from '#shared/errors';
import { emailTaken, tooMany } from './account-errors';
import { LIMITS, type RequestMeta } from './limits';
import { checkedPendingClient } from './pending-client';
import type { AccountsDeps } from './ports';
import { claimProfile, ensurePersonalOrg, newProfile } from './profile';
import { checkStationChoice } from './station-choice';
import { issueVerificationCode, mailVerificationCode } from './verification';

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
 * The Cognito user of a registration, with the password (never stored by us): a new user, or,
 * when the address already has a user nobody verified, that user with the new password and
 * every earlier session revoked. An unverified registration is no claim on an address: anyone
 * can type anyone's e-mail, so refusing the next registration would let a stranger block the
 * address for ever.
 * @returns the user's id (`sub`) and whether an unverified user was taken over.
 * @throws AppError 409 `email_taken` when a verified user holds the address; ValidationError
 *   when Cognito refuses the password; Cognito's other refusals as they come.
 */
export async function claimIdentity(
  deps: AccountsDeps,
  email: string,
  input: { new_password: string; first_name: string; last_name: string },
): Promise<{ userId: string; retaken: boolean }> {
  const known = await deps.identity.findUser(email);
  if (known?.emailVerified) throw emailTaken();
  if (known) {
    await deps.identity.setPassword(email, input.new_password);
    await deps.identity.signOutEverywhere(email);
    return { userId: known.userId, retaken: true };
  }
  try {
    const userId = await deps.identity.createUser({
      email,
      password: input.new_password,
      firstName: input.first_name,
      lastName: input.last_name,
    });
    return { userId, retaken: false };
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
 * Creates an account from a parsed registration (spec §3 "Registration", §5 rules; account
 * security).
 *
 * Steps: 1. throttle per source address (10 per hour); check the landing preview's pending
 * client (pending-client.ts), kept on the profile until the e-mail is verified, and that the
 * markets and primary station come from the lists (station-choice.ts). 2. refuse an address a verified account
 * holds. 3. issue the verification code; over the address's 5 codes an hour the registration is
 * refused before anything changes. 4. create the Cognito user with the password, or take over
 * the address's unverified user (new password, earlier sessions revoked). 5. store the profile
 * (unverified), replacing an invitation placeholder or the unverified registration. A
 * taken-over registration gets `has_password: false`: two people have now typed passwords for
 * the address, so verifying it also asks whoever holds the mailbox to choose the password
 * (verify_email answers `needs_password`, then finish_registration). 6. give the user a personal
 * organisation they own. 7. mail the 6-digit code and a /verify-email link.
 * @throws ValidationError on `markets` / `default_station_id` not from the lists; AppError 429
 *   `rate_limited`; 409 `email_taken` (field `email`) when a verified account
 *   holds the address (spec §8 "field-specific email error"); ValidationError when Cognito
 *   refuses the password, or on `pending_client.industry_id` / `pending_client.market`.
 */
export async function register(
  deps: AccountsDeps,
  companies: CompaniesRepository,
  input: Registration,
  meta: RequestMeta,
): Promise<RegisterResult> {
  await throttleRegistration(deps, meta);
  // Checked before anything changes: a bad pending client refuses the whole registration.
  const pendingClient = checkedPendingClient(input.pending_client);
  // The markets and primary station must come from the lists, also checked before any change.
  const stationInfo = await checkStationChoice(deps.stations, input);

  const email = input.email;
  const existing = await deps.accounts.profileByEmail(email);
  if (existing?.is_registered && existing.email_verified) throw emailTaken();
  // The code first: over the hourly limit nothing changes.
  const code = await issueVerificationCode(deps, email);
  if (code === null) throw tooMany();

  const { userId, retaken } = await claimIdentity(deps, email, input);

  const profile = newProfile(
    {
      // An invitation placeholder keeps what the inviter knew; the form wins where filled.
      ...(existing && !existing.is_registered ? existing : {}),
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
      default_station_info: stationInfo ?? null,
      company: input.company,
      url: input.url,
      years_experience: input.years_experience_raw,
      industry_start_date: input.industry_start_date,
      // Only this registration's own: a taken-over one never inherits an earlier pending client.
      pending_client: pendingClient,
      email_verified: false,
      is_registered: true,
      has_password: !retaken && !existing?.is_registered,
      created_at: deps.now().toISOString(),
      updated_at: deps.now().toISOString(),
    },
    deps.now(),
  );
  await claimProfile(deps.accounts, profile);
  await ensurePersonalOrg(deps, companies, profile);
  await mailVerificationCode(deps, email, code);
  return { email, verification_sent: true };
}
