import type { IncomingMessage } from 'node:http';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { RouteAuth } from '#shared/routes';

/** What API Gateway's JWT authorizer puts on `event.requestContext.authorizer`. */
export interface JwtAuthorizer {
  jwt: { claims: Record<string, string | number | boolean | string[]>; scopes: string[] };
}

/**
 * The local gateway's authorizer: what API Gateway's Cognito JWT authorizer does in AWS
 * (lib/stacks/api.stack.ts). Public routes get no authorizer context; every other route needs
 * `Authorization: Bearer <ID token>` whose signature, issuer, audience (the app client) and
 * expiry check out.
 * @returns the authorizer context; undefined for public routes; 'unauthorized' when the token
 *   is missing or invalid (the gateway answers 401 like API Gateway).
 */
export type LocalAuthorizer = (
  req: IncomingMessage,
  routeAuth: RouteAuth,
) => Promise<JwtAuthorizer | undefined | 'unauthorized'>;

/**
 * Builds the local JWT authorizer over the user pool's issuer (cognito-local locally).
 * aws-jwt-verify fetches JWKS over https only, so the pool's keys are handed in and cached.
 */
export function jwtAuthorizer(opts: {
  issuer: string;
  clientId: string;
  jwks: { keys: object[] };
}): LocalAuthorizer {
  const verifier = JwtRsaVerifier.create({
    issuer: opts.issuer,
    audience: opts.clientId,
    jwksUri: `${opts.issuer}/.well-known/jwks.json`,
  });
  verifier.cacheJwks(opts.jwks as never);
  return async (req, routeAuth) => {
    if (routeAuth === 'public') return undefined;
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return 'unauthorized';
    try {
      const claims = (await verifier.verify(match[1])) as unknown as Record<
        string,
        string | number | boolean | string[]
      >;
      if (claims.token_use !== 'id') return 'unauthorized';
      return { jwt: { claims, scopes: [] } };
    } catch {
      return 'unauthorized';
    }
  };
}
