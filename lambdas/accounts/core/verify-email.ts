import type { CompaniesRepository } from '#shared/companies/companies';
import { ACCOUNT_MESSAGES } from '#shared/contracts/account.schema';
import { AppError } from '#shared/errors';
import { createPendingClient } from './pending-client';
import type { AccountsDeps } from './ports';

/**
 * verify_email result (spec §3 "Email verification response: verified, registered, has_pass").
 * `needs_password` is ours: true when the page must show the set-password form
 * (spec §4 "if not registered or no password, a set-password form shows").
 */
export interface VerifyEmailResult {
  verified: boolean;
  registered: boolean;
  has_pass: boolean;
  needs_password: boolean;
  /** The client this verification created (a landing-preview registration's); absent otherwise. */
  client_uid?: string;
}

/** 400 `verify_failed` with the spec §8 verification failure text. */
export const verifyFailed = () =>
  new AppError(ACCOUNT_MESSAGES.verifyFailed, 'verify_failed', 400, 'code');

/**
 * Checks an e-mailed code (spec §4 "Email verification", §7 verify_email).
 *
 * Steps: 1. look up the profile of the address. 2. check the code; consume it only when the
 * account is complete (registered, with a password), because an invitation placeholder needs the
 * same code again for finish_registration. 3. complete accounts: mark the e-mail verified in
 * Cognito and the profile, and revoke every earlier refresh token. 4. create the client the
 * registration asked for from the landing preview, once (pending-client.ts), when `companies` is
 * given.
 * @throws AppError 400 `verify_failed` for a wrong, dead or expired code, or an unknown address.
 */
export async function verifyEmail(
  deps: Pick<AccountsDeps, 'accounts' | 'codes' | 'identity' | 'now' | 'newId'>,
  input: { email: string; code: string },
  companies?: CompaniesRepository,
): Promise<VerifyEmailResult> {
  const profile = await deps.accounts.profileByEmail(input.email);
  const complete = Boolean(profile?.is_registered && profile.has_password);
  const outcome = await deps.codes.check(input.email, input.code, complete);
  if (outcome !== 'ok' || !profile) throw verifyFailed();

  if (!complete)
    return {
      verified: false,
      registered: profile.is_registered,
      has_pass: profile.has_password,
      needs_password: true,
    };

  await deps.identity.markEmailVerified(input.email);
  // Sessions opened before the mailbox was proven (by whoever typed the password) end here.
  await deps.identity.signOutEverywhere(input.email);
  await deps.accounts.updateProfile(profile.user_id, {
    email_verified: true,
    updated_at: deps.now().toISOString(),
  });
  const clientUid = companies ? await createPendingClient(deps, companies, profile.user_id) : null;
  return {
    verified: true,
    registered: true,
    has_pass: true,
    needs_password: false,
    ...(clientUid ? { client_uid: clientUid } : {}),
  };
}
