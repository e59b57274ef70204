/**
 * Limits of the account flows (spec §9 "Verification code length 6"; the throttles are ours).
 * Windows and lifetimes in seconds; counts are per fixed window.
 */
export const LIMITS = {
  /** Failed logins per account before it is locked for the rest of the window. */
  loginFailuresPerAccount: 5,
  /** Failed logins per source address. */
  loginFailuresPerIp: 30,
  /** Login throttle window: 15 minutes. */
  loginWindowS: 15 * 60,
  /** Registrations per source address per hour. */
  registrationsPerIp: 10,
  /** Verification and reset mails per address per hour. */
  mailsPerEmail: 5,
  /** Verification codes issued per address per hour, all flows together (5 guesses each). */
  codesPerEmail: 5,
  /** Verification and reset requests per source address per hour. */
  mailRequestsPerIp: 20,
  /** Window of the registration and mail throttles: 1 hour. */
  hourS: 60 * 60,
  /** Verification codes live 24 hours. */
  codeTtlS: 24 * 60 * 60,
  /** Reset links live 1 hour. */
  resetTtlS: 60 * 60,
  /** Unlock links of a locked account live 1 hour. */
  unlockTtlS: 60 * 60,
  /** White-label login tokens live 60 seconds. */
  loginTokenTtlS: 60,
} as const;

/** Where a successful sign-in lands (spec §4 Login: "Success ... redirects to /ss"). */
export const AFTER_LOGIN = '/ss';

/** Request facts the flows need besides the input. */
export interface RequestMeta {
  /** The caller's address (API Gateway `requestContext.http.sourceIp`). */
  sourceIp: string;
}
