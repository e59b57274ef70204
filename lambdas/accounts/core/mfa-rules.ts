import type { AuthTokens } from '#shared/contracts/account-results.schema';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import { AppError } from '#shared/errors';
import type { MfaPending } from './mfa-ports';

/** Cognito groups whose members must sign in with an authenticator code. */
export const MFA_GROUPS: readonly string[] = ['staff', 'agent'];

/** True when members of these groups must use an authenticator. */
export function mfaRequiredFor(groups: readonly string[]): boolean {
  return groups.some((g) => MFA_GROUPS.includes(g));
}

/** True when a password sign-in stopped at Cognito's TOTP challenge. */
export function isMfaPending(signIn: AuthTokens | MfaPending): signIn is MfaPending {
  return 'mfaSession' in signIn;
}

/**
 * 403 `mfa_required`: a flow that signs in by itself (a password just set, a Google sign-in)
 * met an account that needs its authenticator code, so it hands out no tokens; the user logs
 * in on /login with password and code instead.
 */
export const mfaRequired = (message = 'Log in with your password and authenticator code.') =>
  new AppError(message, 'mfa_required', 403);

/** The Google refusal for staff and agents (no authenticator step on that path). */
export const googleNotForStaff = () => mfaRequired(MFA_MESSAGES.googleNotForStaff);
