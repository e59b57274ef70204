import type { AuthTokens } from '#shared/contracts/account-results.schema';

/**
 * Ports of the two-step sign-in (Cognito software-token MFA). Adapters: Cognito's user API
 * (adapters/cognito-mfa.ts; cognito-local speaks the same calls locally, keeping each secret in
 * the local data folder) and the SessionsTable (adapters/dynamo-mfa-sessions.ts).
 */

/**
 * A correct password that Cognito stopped at its SOFTWARE_TOKEN_MFA challenge (the user has an
 * authenticator). `session` is Cognito's; `username` is the Cognito user name to answer with.
 */
export interface MfaPending {
  mfaSession: string;
  username: string;
}

/** The answer to a code sent with a Cognito challenge session. */
export type ChallengeAnswer =
  | { kind: 'tokens'; tokens: AuthTokens }
  /** Wrong code; Cognito may hand out a fresh session for the next try. */
  | { kind: 'wrong'; mfaSession?: string }
  /** Cognito no longer knows the session (expired, used up). */
  | { kind: 'expired' };

/** The authenticator calls of the user pool. Codes and secrets are never logged. */
export interface MfaAuthenticator {
  /** The Cognito groups of a user, read from the ID token of a sign-in it just made. */
  groupsOf(tokens: AuthTokens): string[];
  /**
   * AssociateSoftwareToken: a new TOTP secret (base32) for the user the access token is for,
   * replacing an unconfirmed one.
   */
  associate(accessToken: string): Promise<string>;
  /**
   * VerifySoftwareToken, then SetUserMFAPreference (TOTP enabled and preferred): from now on
   * every password sign-in of the user stops at the code.
   * @returns false for a wrong code (nothing changed).
   */
  confirmSetup(accessToken: string, code: string): Promise<boolean>;
  /** RespondToAuthChallenge SOFTWARE_TOKEN_MFA with the code. */
  answerChallenge(pending: MfaPending, code: string): Promise<ChallengeAnswer>;
}

/** What a sign-in waiting for its code keeps on the server (never sent to the browser). */
export type MfaSessionRecord =
  | {
      kind: 'setup';
      email: string;
      /** The sign-in's tokens, handed out only after the first code is right. */
      tokens: AuthTokens;
      stayLoggedIn: boolean;
    }
  | { kind: 'challenge'; email: string; pending: MfaPending; stayLoggedIn: boolean };

/**
 * Sign-ins waiting for a code, under a random handle (SessionsTable; only a SHA-256 of the
 * handle is stored), with a count of codes tried.
 */
export interface MfaSessions {
  /** Stores a new record with no attempts, for `ttlS` seconds. */
  start(handle: string, record: MfaSessionRecord, ttlS: number): Promise<void>;
  /**
   * Counts one code attempt in a single conditional write, so parallel guesses cannot pass the
   * limit.
   * @returns the record and the attempts counted so far (this one included, 1..maxAttempts),
   *   or null when it is unknown, expired or has had `maxAttempts` tries.
   */
  attempt(
    handle: string,
    maxAttempts: number,
  ): Promise<{ record: MfaSessionRecord; attempts: number } | null>;
  /** Replaces the record, keeping its attempts and expiry (a renewed Cognito session). */
  renew(handle: string, record: MfaSessionRecord): Promise<void>;
  /**
   * Deletes the record; of racing callers exactly one gets true.
   */
  finish(handle: string): Promise<boolean>;
}

/** Everything the two-step sign-in needs besides the account ports. */
export interface MfaDeps {
  authenticator: MfaAuthenticator;
  sessions: MfaSessions;
}
