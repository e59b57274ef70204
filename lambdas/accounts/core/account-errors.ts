import { AppError } from '#shared/errors';

/**
 * Server-side messages and errors of the account flows (spec §8 login, reset,
 * registration and verification errors). Form-level messages live in
 * layers/shared/contracts/account.schema.ts (ACCOUNT_MESSAGES); these are the answers only the
 * server can give. Texts marked "ours" are not in the spec.
 */
export const SERVER_MESSAGES = {
  /** ours: spec §8 "field-specific email error" on registration. */
  emailTaken: 'An account with this e-mail address already exists. Log in or reset your password.',
  /** ours: login throttle: logins are rate-limited per account and per address. */
  loginLocked: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  /** ours: other throttled flows. */
  tooMany: 'Too many attempts. Please wait a while and try again.',
  /** ours: wrong e-mail or password, the same for unknown addresses. */
  invalidCredentials: 'Incorrect e-mail address or password.',
  /** ours: white-label login token unknown, used or expired. */
  loginTokenInvalid: 'This sign-in link has expired. Please log in again.',
  /** ours: reset token unknown, used or expired. */
  resetTokenInvalid: 'This reset link has expired or was already used. Please request a new one.',
  /** ours: send_verify_email answer, whether or not the address has an account. */
  verifySent: "If that address has an account, we've sent it a new code.",
  /** ours: Google account whose e-mail already belongs to a password account. */
  googleEmailTaken:
    'An account with this e-mail address already exists. Log in with your e-mail address and password.',
} as const;

/** 429 `rate_limited` with the login text (ours: the spec names no login throttle). */
export const loginLocked = () => new AppError(SERVER_MESSAGES.loginLocked, 'rate_limited', 429);

/** 429 `rate_limited` for registration, resend and reset throttles. */
export const tooMany = () => new AppError(SERVER_MESSAGES.tooMany, 'rate_limited', 429);

/** 401 `invalid_credentials` on field `email_address` (spec §8 "marks the email field"). */
export const invalidCredentials = () =>
  new AppError(SERVER_MESSAGES.invalidCredentials, 'invalid_credentials', 401, 'email_address');

/**
 * 403 `email_not_verified`: correct password, mailbox not proven yet. `mailed`: a new code went
 * out; false when the hourly code limit held it back (the latest code still works).
 */
export const emailNotVerified = (email: string, mailed = true) =>
  new AppError(
    mailed
      ? `Please verify your e-mail address first. We've sent a new code to ${email}.`
      : `Please verify your e-mail address first with the latest code we sent to ${email}.`,
    'email_not_verified',
    403,
    'email_address',
  );

/** 409 `email_taken` on field `email` (spec §8 registration). */
export const emailTaken = () =>
  new AppError(SERVER_MESSAGES.emailTaken, 'email_taken', 409, 'email');
