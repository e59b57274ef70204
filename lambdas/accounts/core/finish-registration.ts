import type { CompaniesRepository } from '#shared/companies/companies';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import { loginResultFor, signInWith } from './login-result';
import { createPendingClient } from './pending-client';
import type { AccountsDeps } from './ports';
import { ensurePersonalOrg, newProfile } from './profile';
import { verifyFailed } from './verify-email';

/** finish_registration input after finishRegistrationSchema. */
export interface FinishRegistrationInput {
  email: string;
  code: string;
  new_password: string;
  confirm_password: string;
}

/**
 * Completes an account from the e-mailed code and a chosen password (spec §4 "after finish,
 * registration_completed"; §7 finish_registration): an invited person, or one without a
 * password, becomes a registered, verified user and is signed in.
 *
 * Steps: 1. consume the code (single use). 2. set the password on the Cognito user, creating it
 * when absent. 3. mark the e-mail verified and revoke every earlier refresh token. 4. replace
 * the placeholder profile by one keyed by the Cognito `sub` (names and other fields kept).
 * 5. personal organisation when it has none; the client a landing-preview registration asked
 * for, once (pending-client.ts). 6. sign in with the new password.
 * @returns the login result plus `registered: true` (spec §3 "receives registered").
 * @throws AppError 400 `verify_failed` for a wrong or expired code or an unknown address.
 */
export async function finishRegistration(
  deps: AccountsDeps,
  companies: CompaniesRepository,
  input: FinishRegistrationInput,
): Promise<LoginResult & { registered: true }> {
  const { email } = input;
  const placeholder = await deps.accounts.profileByEmail(email);
  if (!placeholder) throw verifyFailed();
  if ((await deps.codes.check(email, input.code, true)) !== 'ok') throw verifyFailed();

  const existing = await deps.identity.findUser(email);
  let userId: string;
  if (existing) {
    await deps.identity.setPassword(email, input.new_password);
    userId = existing.userId;
  } else {
    userId = await deps.identity.createUser({
      email,
      password: input.new_password,
      firstName: placeholder.first_name,
      lastName: placeholder.last_name,
    });
  }
  await deps.identity.markEmailVerified(email);
  await deps.identity.signOutEverywhere(email);

  const now = deps.now();
  const done = { email_verified: true, is_registered: true, has_password: true };
  let profile = { ...placeholder, ...done, updated_at: now.toISOString() };
  if (placeholder.user_id === userId) {
    await deps.accounts.updateProfile(userId, { ...done, updated_at: profile.updated_at });
  } else {
    // The placeholder's created_at is kept: the person was known since the invitation.
    profile = newProfile({ ...profile, user_id: userId }, now);
    await deps.accounts.deleteProfile(placeholder.user_id, email);
    await deps.accounts.createProfile(profile);
  }
  await ensurePersonalOrg(deps, companies, profile);
  if (await createPendingClient(deps, companies, userId)) {
    const latest = await deps.accounts.getProfile(userId);
    if (latest) profile = latest;
  }

  const tokens = await signInWith(deps, email, input.new_password);
  return { ...(await loginResultFor(deps, profile, tokens, false)), registered: true };
}
