import type { LoginResult } from '#shared/contracts/account-results.schema';
import { emailNotVerified, invalidCredentials } from './account-errors';
import type { RequestMeta } from './limits';
import { enterLogin } from './login-lockout';
import { afterPassword } from './mfa-sign-in';
import type { AccountsDeps } from './ports';
import { sendVerificationCode } from './verification';

/** rest_login input after loginSchema (e-mail lower-cased; `username` folded into it). */
export interface LoginInput {
  email_address: string;
  password: string;
  stay_logged_in: boolean;
  /** The secret of a mailed unlock link (`/login?unlock=`), when signing in through one. */
  unlock_token?: string;
}

/**
 * E-mail and password sign-in (spec §3 "Login", §4 Login, §7 rest_login; account security).
 *
 * Steps: 1. pass the lockout (login-lockout.ts): a slot of the source address and of the
 * account, taken atomically BEFORE the password, with the same answers whether or not the
 * e-mail has an account; an unlock link skips the account's lock. 2. check the password with
 * Cognito; a wrong one keeps the slots (the 5th locks the account and mails its owner an unlock
 * link). 3. a correct password on an unverified address mails a new code (at most 5 an hour) and
 * refuses; Cognito would refuse it tokens anyway. 4. clear the account's failures and answer with
 * tokens (or the white-label redirect, see loginResultFor); staff and agents first give their
 * authenticator code (afterPassword, mfa-sign-in.ts).
 * @throws AppError 429 `rate_limited` (address) or `account_locked`; 401 `invalid_credentials`
 *   (field `email_address`); 403 `email_not_verified`.
 */
export async function restLogin(
  deps: AccountsDeps,
  input: LoginInput,
  meta: RequestMeta,
): Promise<LoginResult> {
  const email = input.email_address;
  const gate = await enterLogin(deps, email, meta, input.unlock_token);

  const login = await deps.identity.passwordLogin(email, input.password);
  if (login === null) {
    await gate.failed();
    throw invalidCredentials();
  }

  const profile = await deps.accounts.profileByEmail(email);
  // A user made in the pool by an administrator (staff) may have no profile yet: Cognito says.
  const verified =
    login !== 'unverified' &&
    (profile ? profile.email_verified : (await deps.identity.findUser(email))?.emailVerified);
  if (login === 'unverified' || !verified) {
    await gate.release();
    throw emailNotVerified(email, await sendVerificationCode(deps, email));
  }

  await gate.passed();
  // Staff and agents go on to their authenticator code; everyone else gets the tokens now.
  return afterPassword(deps, { email, profile, signIn: login, stayLoggedIn: input.stay_logged_in });
}
