import type { LoginResult } from '../../../layers/shared/contracts/account-results.schema';
import { emailNotVerified, invalidCredentials, loginLocked } from './account-errors';
import { LIMITS, type RequestMeta } from './limits';
import { loginResultFor } from './login-result';
import type { AccountsDeps } from './ports';
import { sendVerificationCode } from './verification';

/** rest_login input after loginSchema (e-mail lower-cased; `username` folded into it). */
export interface LoginInput {
  email_address: string;
  password: string;
  stay_logged_in: boolean;
}

const accountKey = (email: string) => `acct:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * E-mail and password sign-in (spec §3 "Login", §4 Login, §7 rest_login; issue #3 security).
 *
 * Steps: 1. refuse when the account (5 failures / 15 min) or the source address (30 / 15 min)
 * is locked; checked BEFORE the password, with the same answer whether or not the e-mail has an
 * account. 2. check the password with Cognito; a failure counts against both keys. 3. a correct
 * password on an unverified address mails a new code and refuses. 4. clear the account's
 * failures and answer with tokens (or the white-label redirect, see loginResultFor).
 * @throws AppError 429 `rate_limited`; 401 `invalid_credentials` (field `email_address`);
 *   403 `email_not_verified`.
 */
export async function restLogin(
  deps: AccountsDeps,
  input: LoginInput,
  meta: RequestMeta,
): Promise<LoginResult> {
  const email = input.email_address;
  const { limiter } = deps;
  const window = LIMITS.loginWindowS;
  const [accountFailures, ipFailures] = await Promise.all([
    limiter.count(accountKey(email), window),
    limiter.count(ipKey(meta.sourceIp), window),
  ]);
  if (accountFailures >= LIMITS.loginFailuresPerAccount || ipFailures >= LIMITS.loginFailuresPerIp)
    throw loginLocked();

  const tokens = await deps.identity.passwordLogin(email, input.password);
  if (!tokens) {
    await Promise.all([
      limiter.hit(accountKey(email), window),
      limiter.hit(ipKey(meta.sourceIp), window),
    ]);
    throw invalidCredentials();
  }

  const profile = await deps.accounts.profileByEmail(email);
  const verified = profile
    ? profile.email_verified
    : ((await deps.identity.findUser(email))?.emailVerified ?? false);
  if (!verified) {
    await sendVerificationCode(deps, email);
    throw emailNotVerified(email);
  }

  await limiter.reset(accountKey(email), window);
  return loginResultFor(deps, profile, tokens, input.stay_logged_in);
}
