import type { LoginResult } from '#shared/contracts/account-results.schema';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import { loginResultFor } from './login-result';
import type { MfaSessionRecord } from './mfa-ports';
import {
  MFA_LIMITS,
  type MfaFlowDeps,
  mfaCodeWrong,
  mfaFailuresKey,
  mfaSessionExpired,
} from './mfa-sign-in';
import type { AccountsDeps } from './ports';

/** mfa_setup / mfa_challenge input after mfaCodeSchema (code: 6 digits). */
export interface MfaCodeValues {
  session: string;
  code: string;
}

/**
 * Counts the attempt, or refuses a step that is unknown, expired, of the other kind or out of
 * tries.
 */
async function attempt<K extends MfaSessionRecord['kind']>(
  deps: MfaFlowDeps,
  session: string,
  kind: K,
): Promise<{ record: Extract<MfaSessionRecord, { kind: K }>; attempts: number }> {
  const found = await deps.mfa.sessions.attempt(session, MFA_LIMITS.codesPerSession);
  if (!found || found.record.kind !== kind) throw mfaSessionExpired();
  return found as { record: Extract<MfaSessionRecord, { kind: K }>; attempts: number };
}

/** A wrong code: counts against the account; the last allowed try ends the step. */
async function wrongCode(deps: MfaFlowDeps, session: string, email: string, attempts: number) {
  await deps.limiter.hit(mfaFailuresKey(email), MFA_LIMITS.windowS);
  if (attempts < MFA_LIMITS.codesPerSession) return mfaCodeWrong();
  await deps.mfa.sessions.finish(session);
  return mfaSessionExpired(MFA_MESSAGES.tooManyCodes);
}

/** Ends the step (one winner among racing right codes) and answers like any sign-in. */
async function signedIn(
  deps: MfaFlowDeps,
  session: string,
  record: MfaSessionRecord,
  tokens: Parameters<typeof loginResultFor>[2],
): Promise<LoginResult> {
  if (!(await deps.mfa.sessions.finish(session))) throw mfaSessionExpired();
  const profile = await deps.accounts.profileByEmail(record.email);
  return loginResultFor(deps, profile, tokens, record.stayLoggedIn);
}

/**
 * POST mfa_setup: the first code from a newly added authenticator.
 *
 * Steps: 1. count the attempt (at most MFA_LIMITS.codesPerSession per step, atomically).
 * 2. Cognito checks the code (VerifySoftwareToken) and turns TOTP on as the preferred second
 * factor (SetUserMFAPreference). 3. every session of the user is signed out
 * (AdminUserGlobalSignOut), so a refresh token taken straight from the user pool before the
 * account had an authenticator (which the staff and agent routes refused) does not become
 * usable now. 4. the parked sign-in goes out (or the white-label redirect) without its refresh
 * token, which that sign-out revoked too: Cognito cannot mint new tokens without the password,
 * so this first session lasts as long as its ID token (at most 1 hour) and the next sign-in asks
 * for password and code.
 * @throws AppError 401 `mfa_code_wrong` (field `code`); 401 `mfa_session_expired` for an
 *   unknown, used or expired step, or after the last wrong try.
 */
export async function confirmMfaSetup(
  deps: MfaSetupDeps,
  input: MfaCodeValues,
): Promise<LoginResult> {
  const { record, attempts } = await attempt(deps, input.session, 'setup');
  const ok = await deps.mfa.authenticator.confirmSetup(record.tokens.access_token, input.code);
  if (!ok) throw await wrongCode(deps, input.session, record.email, attempts);
  await deps.identity.signOutEverywhere(record.email);
  const { refresh_token: _revoked, ...live } = record.tokens;
  return signedIn(deps, input.session, record, live);
}

/** What mfa_setup needs: the two-step sign-in's ports and the pool's sign-out. */
export type MfaSetupDeps = MfaFlowDeps & Pick<AccountsDeps, 'identity'>;

/**
 * POST mfa_challenge: the code of an account that has an authenticator.
 *
 * Steps: 1. count the attempt (at most MFA_LIMITS.codesPerSession per step, atomically).
 * 2. answer Cognito's SOFTWARE_TOKEN_MFA challenge (RespondToAuthChallenge); a wrong code keeps
 * the step (with Cognito's renewed session, if it gave one). 3. the tokens go out.
 * @throws AppError 401 `mfa_code_wrong` (field `code`); 401 `mfa_session_expired` for an
 *   unknown, used or expired step (Cognito's included), or after the last wrong try.
 */
export async function answerMfaChallenge(
  deps: MfaFlowDeps,
  input: MfaCodeValues,
): Promise<LoginResult> {
  const { record, attempts } = await attempt(deps, input.session, 'challenge');
  const answer = await deps.mfa.authenticator.answerChallenge(record.pending, input.code);
  if (answer.kind === 'expired') {
    await deps.mfa.sessions.finish(input.session);
    throw mfaSessionExpired();
  }
  if (answer.kind === 'wrong') {
    const error = await wrongCode(deps, input.session, record.email, attempts);
    if (answer.mfaSession && attempts < MFA_LIMITS.codesPerSession)
      await deps.mfa.sessions.renew(input.session, {
        ...record,
        pending: { ...record.pending, mfaSession: answer.mfaSession },
      });
    throw error;
  }
  return signedIn(deps, input.session, record, answer.tokens);
}
