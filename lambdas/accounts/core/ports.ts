import type { AccountsRepository } from '#shared/accounts/accounts';
import type { AuthTokens } from '#shared/contracts/account-results.schema';
import type { MfaDeps, MfaPending } from './mfa-ports';
import type { StationLookup } from './station-choice';

/**
 * Ports of the accounts context. Adapters: Cognito (AWS and cognito-local behind the
 * same SDK client), DynamoDB (SessionsTable for one-time tokens and rate limits), SES or the
 * local mail outbox. `core/` never imports an SDK.
 */

/** What the identity provider (Cognito) knows about a user. */
export interface IdentityUser {
  /** Cognito `sub`. */
  userId: string;
  emailVerified: boolean;
  enabled: boolean;
}

/**
 * The user pool. Usernames are lower-case e-mail addresses. Passwords pass through to Cognito
 * and are never stored or logged by us.
 */
export interface IdentityProvider {
  /**
   * Creates a confirmed user with a permanent password and no Cognito message
   * (AdminCreateUser SUPPRESS + AdminSetUserPassword).
   * @returns the new user's `sub`. @throws Conflict when the e-mail is taken.
   */
  createUser(input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
  }): Promise<string>;
  /** Looks a user up by e-mail; null when absent. */
  findUser(email: string): Promise<IdentityUser | null>;
  /** Sets a permanent password (reset, finish registration). @throws NotFound when absent. */
  setPassword(email: string, password: string): Promise<void>;
  /** Marks the e-mail attribute verified (after our code check). */
  markEmailVerified(email: string): Promise<void>;
  /**
   * Password sign-in (USER_PASSWORD_AUTH).
   * @returns tokens; 'unverified' when the password is right but the pool refuses tokens because
   *   the e-mail is not verified (the pre-token-generation trigger); MfaPending when the password
   *   is right and the user has an authenticator (Cognito's SOFTWARE_TOKEN_MFA challenge: no
   *   tokens before the code); null for wrong credentials or an unknown user (indistinguishable).
   */
  passwordLogin(
    email: string,
    password: string,
  ): Promise<AuthTokens | MfaPending | 'unverified' | null>;
  /**
   * Revokes every refresh token of the user (AdminUserGlobalSignOut), so sessions opened before
   * a password change or an e-mail verification cannot be refreshed. ID tokens already issued
   * stay valid until they expire (1 hour). A missing user is not an error.
   */
  signOutEverywhere(email: string): Promise<void>;
  /**
   * Exchanges a hosted-UI authorization code (Google federation) for tokens at /oauth2/token,
   * proving with the PKCE `codeVerifier` that the caller started this sign-in.
   * @throws Unauthenticated when the code or verifier is refused; AppError when Google is not
   *   configured.
   */
  exchangeCode(code: string, redirectUri: string, codeVerifier: string): Promise<AuthTokens>;
  /** Claims of a token this pool issued (signature and expiry checked). @throws Unauthenticated */
  verifyIdToken(idToken: string): Promise<{
    sub: string;
    email: string;
    emailVerified: boolean;
    givenName: string;
    familyName: string;
  }>;
}

/** Kinds of single-use secrets. */
export type OneTimeKind = 'verify' | 'reset' | 'login' | 'unlock';

/**
 * Single-use secrets with an expiry (SessionsTable; TTL attribute `expires_at`). Only a SHA-256
 * of each secret is stored.
 */
export interface OneTimeTokens {
  /** Stores `payload` under the secret, replacing any earlier one with the same secret. */
  put(
    kind: OneTimeKind,
    secret: string,
    payload: Record<string, string>,
    ttlS: number,
  ): Promise<void>;
  /**
   * Reads AND deletes in one conditional step, so a secret works once even under races.
   * @returns the payload, or null when unknown, used or expired.
   */
  take(kind: OneTimeKind, secret: string): Promise<Record<string, string> | null>;
  /** Reads without consuming (null when unknown or expired). */
  peek(kind: OneTimeKind, secret: string): Promise<Record<string, string> | null>;
}

/**
 * Verification codes per e-mail: one live code at a time, limited wrong guesses.
 */
export interface VerificationCodes {
  /**
   * Stores a new code for the e-mail (replacing the old one), valid for `ttlS` seconds; at most
   * 5 per key per clock hour, whichever flow asks (each code is 5 more guesses).
   * @returns false, and the live code stays, when the key already got its 5 codes this hour.
   */
  issue(email: string, code: string, ttlS: number): Promise<boolean>;
  /**
   * Checks a code. Every guess takes one of 5 slots atomically before it is compared, so at most
   * 5 guesses are ever weighed per code, however many arrive in parallel; a right guess gives its
   * slot back. After 5 wrong guesses the code is dead. `consume` deletes it on success.
   */
  check(email: string, code: string, consume: boolean): Promise<'ok' | 'wrong' | 'expired'>;
}

/** Fixed-window counters for login throttling (SessionsTable). */
export interface RateLimiter {
  /**
   * Adds one to the counter of `key` in the current window of `windowS` seconds.
   * @returns the count after adding.
   */
  hit(key: string, windowS: number): Promise<number>;
  /** The current window's count without adding. */
  count(key: string, windowS: number): Promise<number>;
  /** Clears a counter (after a successful login). */
  reset(key: string, windowS: number): Promise<void>;
  /**
   * Takes one of `limit` slots of the current window in ONE atomic step (a conditional add): of
   * any number of parallel callers at most `limit` get a slot, so a check-then-act race cannot
   * pass the limit.
   * @returns the count after adding, or null when the window was already full (nothing added).
   */
  take(key: string, windowS: number, limit: number): Promise<number | null>;
  /** Gives a taken slot back (the attempt turned out not to count); never below zero. */
  giveBack(key: string, windowS: number): Promise<void>;
}

/** An e-mail to send. Bodies may hold codes and links but never passwords. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where answers go (Reply-To), e.g. the user who asked the team for help; absent = sender. */
  replyTo?: string;
}

/** Outgoing e-mail (SES in AWS; a folder outbox locally). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Everything the account use cases need. */
export interface AccountsDeps {
  identity: IdentityProvider;
  accounts: AccountsRepository;
  tokens: OneTimeTokens;
  codes: VerificationCodes;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Absolute origin of the web app for links in e-mails, e.g. `https://app.example.com`. */
  appOrigin: string;
  now: () => Date;
  /** Random secrets (tests pass a deterministic one). */
  randomToken: () => string;
  /** Random 6-digit code. */
  randomCode: () => string;
  /** New unique ids (organisation uids): UUID v4 in production. */
  newId: () => string;
  /** The authenticator step of staff and agent sign-ins (mfa-ports.ts). */
  mfa: MfaDeps;
  /**
   * The station list a rep's primary station is chosen from (station-choice.ts). Absent: no
   * station can be chosen.
   */
  stations?: StationLookup;
}
