import { Unauthenticated } from '../errors';

/**
 * Who is calling. Resolved from the JWT claims API Gateway's authorizer put on the event
 * (Cognito in AWS; the local gateway verifies its own tokens and fills the same place).
 * Organisation membership is NOT trusted from the token: use cases look it up (Memberships port).
 */
export interface Caller {
  /** Cognito `sub`. */
  userId: string;
  email: string | null;
  /**
   * The token's `email_verified` claim, as issued. A hint only: it may take access away but never
   * grants any by itself. Code that acts on a verified e-mail (shares, invitations) checks the
   * caller's profile too (CompaniesRepository.verifiedEmailOf, the profile's email_verified).
   */
  emailVerified: boolean;
  /** True for AnalyticOwl staff (Cognito group `staff`). */
  staff: boolean;
  /** True for call-centre agents (Cognito group `agent`). */
  agent: boolean;
}

/** The part of an API Gateway HTTP API v2 event this module reads. */
export interface ClaimsCarrier {
  requestContext?: object;
}

type WithClaims = { authorizer?: { jwt?: { claims?: Record<string, unknown> } } };

/**
 * Reads the caller from `event.requestContext.authorizer.jwt.claims`.
 * @returns the caller, or null when the request carries no verified claims.
 */
export function callerFromEvent(event: ClaimsCarrier): Caller | null {
  const claims = (event.requestContext as WithClaims | undefined)?.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return null;
  const groups = claims?.['cognito:groups'];
  const groupList = Array.isArray(groups) ? groups.map(String) : String(groups ?? '').split(/[ ,]/);
  return {
    userId: sub,
    email: typeof claims?.email === 'string' ? claims.email.toLowerCase() : null,
    emailVerified: claims?.email_verified === true || claims?.email_verified === 'true',
    staff: groupList.includes('staff'),
    agent: groupList.includes('agent'),
  };
}

/**
 * Like callerFromEvent, for private routes.
 * @throws Unauthenticated when the request carries no verified claims.
 */
export function requireCaller(event: ClaimsCarrier): Caller {
  const caller = callerFromEvent(event);
  if (!caller) throw new Unauthenticated();
  return caller;
}
