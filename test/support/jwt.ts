import { createSign, generateKeyPairSync } from 'node:crypto';

/** A throwaway RS256 signing key with its JWKS, for token tests. */
export interface TestSigner {
  jwks: { keys: object[] };
  /** Signs claims as a JWT (header kid = the JWKS key's kid). */
  sign(claims: Record<string, unknown>, opts?: { kid?: string }): string;
}

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Makes an RSA key pair and a signer whose tokens the JWKS verifies. */
export function testSigner(kid = 'test-key'): TestSigner {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  return {
    jwks: { keys: [jwk] },
    sign(claims, opts = {}) {
      const head = b64url({ alg: 'RS256', typ: 'JWT', kid: opts.kid ?? kid });
      const body = b64url(claims);
      const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKey);
      return `${head}.${body}.${signature.toString('base64url')}`;
    },
  };
}

/** Cognito-shaped ID token claims valid for an hour from now. */
export function idClaims(
  issuer: string,
  clientId: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: 'user-1',
    email: 'ann@example.com',
    email_verified: true,
    token_use: 'id',
    aud: clientId,
    iss: issuer,
    iat: now,
    auth_time: now,
    exp: now + 3600,
    ...extra,
  };
}
