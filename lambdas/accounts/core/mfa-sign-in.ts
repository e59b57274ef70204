import { Secret, TOTP } from 'otpauth';
import type { UserProfile } from '#shared/accounts/accounts';
import type { AuthTokens, LoginResult } from '#shared/contracts/account-results.schema';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import { AppError } from '#shared/errors';
import { AFTER_LOGIN } from './limits';
import { loginResultFor } from './login-result';
import type { MfaDeps, MfaPending } from './mfa-ports';
import { isMfaPending, mfaRequiredFor } from './mfa-rules';
import type { AccountsDeps } from './ports';

/**
 * Limits of the two-step sign-in. Lifetimes and windows in seconds.
 */
export const MFA_LIMITS = {
  /** Codes that may be tried on one setup or challenge step; then the password is asked again. */
  codesPerSession: 5,
  /** Wrong codes per account in `windowS` before new steps are refused until the window ends. */
  wrongCodesPerAccount: 10,
  /** Window of the per-account wrong-code count: 15 minutes. */
  windowS: 15 * 60,
  /** A setup step lives 10 minutes (time to install an authenticator app). */
  setupTtlS: 10 * 60,
  /** A challenge step lives 3 minutes, as long as Cognito's own sign-in session. */
  challengeTtlS: 3 * 60,
} as const;

/** The issuer authenticator apps show beside the account. */
export const MFA_ISSUER = 'AnalyticOwl';

/** What the two-step sign-in needs: the account ports it reads plus its own. */
export type MfaFlowDeps = Pick<AccountsDeps, 'accounts' | 'tokens' | 'randomToken' | 'limiter'> & {
  mfa: MfaDeps;
};

/** The `otpauth://totp/...` address an authenticator app reads from the QR code. */
export function otpauthUri(email: string, secret: string): string {
  return new TOTP({
    issuer: MFA_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/** The per-account wrong-code counter key. */
export const mfaFailuresKey = (email: string) => `mfa:${email}`;

/** 429 `rate_limited`: too many wrong codes for this account lately. */
export const mfaLocked = () =>
  new AppError('Too many wrong codes. Please wait 15 minutes and try again.', 'rate_limited', 429);

/**
 * What a correct password leads to (after every other check of the sign-in passed).
 *
 * Steps: 1. Cognito stopped at its TOTP challenge (the user has an authenticator): keep the
 * challenge under a new random handle and answer the `challenge` step. 2. tokens for a member of
 * staff or agent (who has no authenticator yet): ask Cognito for a TOTP secret, park the tokens
 * under a new handle and answer the `setup` step with the secret and its otpauth:// address; the
 * tokens go out only after the first right code (mfa_setup). 3. anyone else: the usual result.
 * Customers are never asked.
 * @throws AppError 429 `rate_limited` when the account had MFA_LIMITS.wrongCodesPerAccount wrong
 *   codes in the last window.
 */
export async function afterPassword(
  deps: MfaFlowDeps,
  input: {
    email: string;
    profile: UserProfile | null;
    signIn: AuthTokens | MfaPending;
    stayLoggedIn: boolean;
  },
): Promise<LoginResult> {
  const { email, signIn, stayLoggedIn } = input;
  const pending = isMfaPending(signIn);
  if (!pending && !mfaRequiredFor(deps.mfa.authenticator.groupsOf(signIn)))
    return loginResultFor(deps, input.profile, signIn, stayLoggedIn);

  const failures = await deps.limiter.count(mfaFailuresKey(email), MFA_LIMITS.windowS);
  if (failures >= MFA_LIMITS.wrongCodesPerAccount) throw mfaLocked();
  const session = deps.randomToken();
  const answer = { redirect_uri: AFTER_LOGIN, stay_logged_in: stayLoggedIn };
  if (pending) {
    await deps.mfa.sessions.start(
      session,
      { kind: 'challenge', email, pending: signIn, stayLoggedIn },
      MFA_LIMITS.challengeTtlS,
    );
    return { ...answer, mfa: { step: 'challenge', session } };
  }
  const secret = await deps.mfa.authenticator.associate(signIn.access_token);
  await deps.mfa.sessions.start(
    session,
    { kind: 'setup', email, tokens: signIn, stayLoggedIn },
    MFA_LIMITS.setupTtlS,
  );
  return {
    ...answer,
    mfa: { step: 'setup', session, secret, otpauth_uri: otpauthUri(email, secret) },
  };
}

/** 401 `mfa_code_wrong` on field `code`. */
export const mfaCodeWrong = () =>
  new AppError(MFA_MESSAGES.wrongCode, 'mfa_code_wrong', 401, 'code');

/** 401 `mfa_session_expired`: the step is unknown, used, expired or out of tries. */
export const mfaSessionExpired = (message: string = MFA_MESSAGES.expired) =>
  new AppError(message, 'mfa_session_expired', 401);
