import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { Unauthenticated } from '#shared/errors';
import { logger } from '#shared/logger';

/** The claims the account flows read from a verified ID token. */
export interface IdClaims {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

/**
 * Verifies ID tokens of one user pool with aws-jwt-verify: RS256 signature against the pool's
 * JWKS (`<issuer>/.well-known/jwks.json`), `iss` = issuer, `aud` = the app client (access
 * tokens carry no `aud`, so they are refused), `token_use` = id when present, expiry.
 * The JWKS is fetched with `fetch`, so an http issuer (cognito-local) works too: the library's
 * own fetcher speaks https only.
 */
export class IdTokenVerifier {
  private readonly verifier;

  constructor(issuer: string, clientId: string, fetchFn: typeof fetch = fetch) {
    const fetcher = {
      fetch: async (uri: string) => {
        const res = await fetchFn(uri);
        if (!res.ok) throw new Error(`JWKS fetch ${uri} answered ${res.status}`);
        return res.arrayBuffer();
      },
    };
    this.verifier = JwtRsaVerifier.create(
      {
        issuer,
        audience: clientId,
        jwksUri: `${issuer.replace(/\/+$/, '')}/.well-known/jwks.json`,
        customJwtCheck: ({ payload }) => {
          if (payload.token_use !== undefined && payload.token_use !== 'id')
            throw new Error('not an ID token');
        },
      },
      { jwksCache: new SimpleJwksCache({ fetcher }) },
    );
  }

  /**
   * @returns the token's claims. @throws Unauthenticated for a bad signature, wrong issuer or
   *   audience, an expired token, or one without `sub` and `email`.
   */
  async verify(idToken: string): Promise<IdClaims> {
    let payload: JwtPayload;
    try {
      payload = await this.verifier.verify(idToken);
    } catch (error) {
      // The reason only: the token itself is a credential and is never logged.
      logger.warn('id token refused', { reason: (error as Error).name });
      throw new Unauthenticated('Your sign-in could not be confirmed. Please log in again.');
    }
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    if (!text(payload.sub) || !text(payload.email))
      throw new Unauthenticated('Your sign-in could not be confirmed. Please log in again.');
    return {
      sub: text(payload.sub),
      email: text(payload.email).toLowerCase(),
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      givenName: text(payload.given_name),
      familyName: text(payload.family_name),
    };
  }
}
