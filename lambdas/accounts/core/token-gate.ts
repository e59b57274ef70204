/**
 * The user pool's rule for issuing tokens (account security): no tokens, by any path (our
 * login route, the public app client straight at Cognito, a refresh), for a user whose e-mail
 * is not verified. Anyone can type anyone's address at registration; until the mailbox is
 * proven the account must not act as that address. Enforced by the pre-token-generation
 * trigger, which Cognito runs after the password check and on every refresh; locally the
 * cognito-local stand-in runs the same trigger.
 */

/** What the trigger throws; Cognito answers `UserLambdaValidationException` quoting it. */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

/** The attributes the trigger sees: Cognito's user attributes as strings. */
export type PoolUserAttributes = Readonly<Record<string, string | undefined>>;

/**
 * Refuses token issue unless `email_verified` is "true" (Cognito's attribute, which only our
 * verification flows set; a Google sign-in carries Google's own verified flag).
 * @throws Error(EMAIL_NOT_VERIFIED) otherwise.
 */
export function requireVerifiedEmail(attributes: PoolUserAttributes): void {
  if (attributes.email_verified !== 'true') throw new Error(EMAIL_NOT_VERIFIED);
}
