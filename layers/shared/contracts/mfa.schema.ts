import { z } from 'zod';

/**
 * Two-step sign-in for staff and call-centre agents (Cognito software-token MFA, TOTP per
 * RFC 6238: 6 digits, 30-second steps). The same schemas check the browser's forms and the
 * mfa_setup / mfa_challenge routes. Messages are ours (the spec has no MFA).
 */

/** Every message of the MFA screens and routes. */
export const MFA_MESSAGES = {
  code: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not right. Codes change every 30 seconds.',
  expired: 'This sign-in has expired. Please log in again.',
  tooManyCodes: 'Too many wrong codes. Please log in again.',
  /** Google accounts have no authenticator step, so staff and agents use their password. */
  googleNotForStaff:
    'Staff and agent accounts sign in with their e-mail address, password and authenticator code.',
  /** A staff or agent route called with tokens of an account that has no authenticator yet. */
  required:
    'Staff and agent accounts need an authenticator app. Please log in again through the login page to add one.',
} as const;

/** A 6-digit TOTP code; spaces (as apps show "123 456") are dropped. */
export const mfaCodeField = z
  .string({ error: MFA_MESSAGES.code })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, MFA_MESSAGES.code));

/**
 * The step a sign-in stopped at (in a login result's `mfa`): `setup` when the account must add
 * an authenticator first (`secret` base32 and `otpauth_uri` for the QR code), `challenge` when
 * it has one. `session` is the opaque, single-use handle of this sign-in for the next call.
 */
export const mfaStepSchema = z.object({
  step: z.enum(['setup', 'challenge']),
  session: z.string(),
  secret: z.string().optional(),
  otpauth_uri: z.string().optional(),
});
export type MfaStep = z.infer<typeof mfaStepSchema>;

/** mfa_setup and mfa_challenge input: the step's session and the code the user typed. */
export const mfaCodeSchema = z.object({
  session: z.string().min(20).max(200),
  code: mfaCodeField,
});
export type MfaCodeInput = z.input<typeof mfaCodeSchema>;
