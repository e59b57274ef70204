import type { UserProfile } from '#shared/accounts/accounts';
import type { AuthTokens, LoginResult } from '#shared/contracts/account-results.schema';
import { Unauthenticated } from '#shared/errors';
import { AFTER_LOGIN, LIMITS } from './limits';
import { isMfaPending, mfaRequired, mfaRequiredFor } from './mfa-rules';
import type { AccountsDeps } from './ports';

/**
 * The result of a successful sign-in (spec §7 rest_login "result may hold wl_user, base_url,
 * token or redirect_uri"). A white-label user (profile.wl_base_url set) gets no tokens here:
 * they are parked under a single-use login token valid 60 s, and the browser is sent to
 * `<base_url>/login?login_token=<secret>`, which exchanges it (exchange_login_token). This
 * replaces the spec's redirect carrying the user name and password in the query string.
 */
export async function loginResultFor(
  deps: Pick<AccountsDeps, 'tokens' | 'randomToken'>,
  profile: UserProfile | null,
  tokens: AuthTokens,
  stayLoggedIn: boolean,
): Promise<LoginResult> {
  const baseUrl = profile?.wl_base_url;
  if (!baseUrl) return { token: tokens, redirect_uri: AFTER_LOGIN, stay_logged_in: stayLoggedIn };
  const secret = deps.randomToken();
  await deps.tokens.put(
    'login',
    secret,
    { tokens: JSON.stringify(tokens), stay_logged_in: String(stayLoggedIn) },
    LIMITS.loginTokenTtlS,
  );
  const base = baseUrl.replace(/\/+$/, '');
  return {
    wl_user: true,
    base_url: base,
    redirect_uri: `${base}/login?login_token=${encodeURIComponent(secret)}`,
    stay_logged_in: stayLoggedIn,
  };
}

/**
 * Signs in with a password a flow has just set on a verified address (change_password,
 * finish_registration, simple_register). Staff and agents get no tokens this way: their sign-in
 * needs the authenticator code (mfa-sign-in.ts), so they are sent to /login.
 * @throws Unauthenticated when the user pool gives no tokens; AppError 403 `mfa_required` for
 *   an account that has or needs an authenticator.
 */
export async function signInWith(
  deps: Pick<AccountsDeps, 'identity' | 'mfa'>,
  email: string,
  password: string,
): Promise<AuthTokens> {
  const tokens = await deps.identity.passwordLogin(email, password);
  if (tokens === null || tokens === 'unverified') throw new Unauthenticated();
  if (isMfaPending(tokens) || mfaRequiredFor(deps.mfa.authenticator.groupsOf(tokens)))
    throw mfaRequired('Your password is set. Log in with it and your authenticator code.');
  return tokens;
}
