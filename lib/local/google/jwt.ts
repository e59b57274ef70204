import { createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/** A decoded JWT whose RS256 signature checked out. */
export interface VerifiedJwt {
  header: { alg: string; kid?: string; typ?: string };
  payload: Record<string, unknown>;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** Signs `payload` as a compact RS256 JWT with a PEM private key (`kid` in the header). */
export function signJwt(payload: Record<string, unknown>, privatePem: string, kid: string): string {
  const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const body = b64url(JSON.stringify(payload));
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privatePem);
  return `${head}.${body}.${b64url(signature)}`;
}

/** The header of a compact JWT, or null when `token` is not one (so it is an opaque token). */
export function jwtHeader(token: string): VerifiedJwt['header'] | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0] ?? '', 'base64url').toString('utf8'));
    return header && typeof header === 'object' && typeof header.alg === 'string' ? header : null;
  } catch {
    return null;
  }
}

/**
 * Checks a compact JWT's RS256 signature against `publicKey`; no claim is checked here.
 * @returns the header and payload, or null for another algorithm, a bad signature or bad JSON.
 */
export function verifyJwt(token: string, publicKey: string | KeyObject): VerifiedJwt | null {
  const header = jwtHeader(token);
  if (header?.alg !== 'RS256') return null;
  const [head, body, signature] = token.split('.') as [string, string, string];
  const ok = createVerify('RSA-SHA256')
    .update(`${head}.${body}`)
    .verify(publicKey, Buffer.from(signature, 'base64url'));
  if (!ok) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' ? { header, payload } : null;
  } catch {
    return null;
  }
}

/** The public key as a JWK (for the `/oauth2/v3/certs` key set). */
export function publicJwk(publicPem: string, kid: string): Record<string, string> {
  const jwk = createPublicKey(publicPem).export({ format: 'jwk' }) as Record<string, string>;
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}
