import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed tokens of the links in delivery e-mails (unsubscribe-token.ts, delivery-file.ts):
 * `<payload>.<mac>`, both base64url, the payload a JSON object and the mac its HMAC-SHA256 under
 * the schedule link secret (SCHEDULE_LINK_SECRET). Each kind of token has its own payload shape
 * and its reader refuses any other, so one kind of link never opens as another.
 */

/** The secret must be at least this long (characters). */
export const MIN_LINK_SECRET_LENGTH = 32;

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * Signs a JSON object.
 * @throws Error when the secret is shorter than MIN_LINK_SECRET_LENGTH characters.
 */
export function signToken(secret: string, body: Record<string, unknown>): string {
  if (secret.length < MIN_LINK_SECRET_LENGTH) {
    throw new Error('The schedule link secret must be 32+ characters.');
  }
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/**
 * Verifies a token (constant-time comparison of the mac) and reads its payload.
 * @returns the payload's JSON object, or null when the token is malformed, was not signed with
 *   `secret`, or was altered.
 */
export function readToken(secret: string, token: string): Record<string, unknown> | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return json && typeof json === 'object' && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
