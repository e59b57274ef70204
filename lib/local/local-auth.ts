import type { IncomingMessage } from 'node:http';
import type { RouteAuth } from '../../layers/shared/routes';

/** The user the local gateway signs every request in as, until accounts arrive (issue #3). */
export const LOCAL_DEV_USER_ID = 'local-dev-user';

/** The local developer's email claim. */
export const LOCAL_DEV_EMAIL = 'dev@localhost';

/** What API Gateway's JWT authorizer puts on `event.requestContext.authorizer`. */
export interface JwtAuthorizer {
  jwt: { claims: Record<string, string | number | boolean | string[]>; scopes: string[] };
}

/**
 * The local gateway's authorizer: signs every request to a private route in as the local
 * developer (no token check). This is the ONE place the next issue replaces with real
 * verification of Cognito tokens (cognito-local), keeping the same return shape: the claims
 * land where handlers read them (layers/shared/auth/caller.ts).
 * @returns the authorizer context, or undefined for public routes (API Gateway attaches no
 *   authorizer to them).
 */
export function localDevAuthorizer(
  _req: IncomingMessage,
  routeAuth: RouteAuth,
): JwtAuthorizer | undefined {
  if (routeAuth === 'public') return undefined;
  return { jwt: { claims: { sub: LOCAL_DEV_USER_ID, email: LOCAL_DEV_EMAIL }, scopes: [] } };
}
