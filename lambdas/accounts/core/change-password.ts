import type { LoginResult } from '#shared/contracts/account-results.schema';
import { AppError } from '#shared/errors';
import { SERVER_MESSAGES } from './account-errors';
import { AFTER_LOGIN, LIMITS } from './limits';
import { signInWith } from './login-result';
import type { AccountsDeps } from './ports';

/** change_password input after changePasswordSchema. */
export interface ChangePasswordInput {
  token: string;
  new_password: string;
  confirm_password: string;
}

/**
 * Completes a reset from the e-mailed link (spec §7 "reset password (token, new_password,
 * confirm_password; success updates session and goes to /ss)").
 *
 * Steps: 1. take the reset token: it works once, even under concurrent requests. 2. set the
 * new password in Cognito. 3. mark the e-mail verified (the link proved the mailbox), revoke
 * every earlier refresh token (whoever held the old password is signed out) and clear the
 * account's login lock. 4. sign in with the new password.
 * @returns `{ token, redirect_uri: '/ss' }`.
 * @throws AppError 400 `invalid_token` (field `token`) when unknown, used or expired.
 */
export async function changePassword(
  deps: AccountsDeps,
  input: ChangePasswordInput,
): Promise<LoginResult> {
  const payload = await deps.tokens.take('reset', input.token);
  const email = payload?.email;
  if (!email) throw new AppError(SERVER_MESSAGES.resetTokenInvalid, 'invalid_token', 400, 'token');

  await deps.identity.setPassword(email, input.new_password);
  await deps.identity.markEmailVerified(email);
  await deps.identity.signOutEverywhere(email);
  const profile = await deps.accounts.profileByEmail(email);
  if (profile)
    await deps.accounts.updateProfile(profile.user_id, {
      email_verified: true,
      has_password: true,
      updated_at: deps.now().toISOString(),
    });
  await deps.limiter.reset(`acct:${email}`, LIMITS.loginWindowS);

  return { token: await signInWith(deps, email, input.new_password), redirect_uri: AFTER_LOGIN };
}
