import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of a delivery e-mail's unsubscribe link: which schedule (and its client) and
 * which recipient. `<payload>.<mac>`, both base64url: the payload is the JSON `{ c, s, e }`
 * (client_uid, schedule_id, lower-cased e-mail), the mac its HMAC-SHA256 under the link secret.
 * It does not expire: an unsubscribe link must keep working as long as mail keeps coming, and it
 * can only ever remove that one address from that one schedule.
 */
export interface UnsubscribeClaim {
  client_uid: string;
  schedule_id: string;
  email: string;
}

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * Signs an unsubscribe token.
 * @param secret the link secret (at least 32 characters).
 * @throws Error when the secret is shorter than 32 characters.
 */
export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  if (secret.length < 32) throw new Error('The schedule link secret must be 32+ characters.');
  const payload = Buffer.from(
    JSON.stringify({ c: claim.client_uid, s: claim.schedule_id, e: claim.email.toLowerCase() }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/**
 * Verifies a token (constant-time comparison of the mac).
 * @returns the claim, or null when the token is malformed or was not signed with `secret`.
 */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!json || typeof json !== 'object') return null;
    const { c, s, e } = json as Record<string, unknown>;
    if (typeof c !== 'string' || typeof s !== 'string' || typeof e !== 'string') return null;
    return { client_uid: c, schedule_id: s, email: e };
  } catch {
    return null;
  }
}

/**
 * The public site's page that confirms an unsubscribe (web/src/site/site-routes.tsx; it calls the
 * public schedule_unsubscribe): outside the signed-in app, so a recipient needs no account.
 */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

/**
 * The unsubscribe link of one recipient of one schedule: `<origin>/unsubscribe?token=...`.
 * @param origin the web app's origin (APP_ORIGIN), e.g. `https://app.example.com`.
 */
export function unsubscribeLink(
  origin: string,
  secret: string,
  schedule: { client_uid: string; schedule_id: string },
  email: string,
): string {
  const token = signUnsubscribeToken(secret, {
    client_uid: schedule.client_uid,
    schedule_id: schedule.schedule_id,
    email,
  });
  return `${origin.replace(/\/+$/, '')}${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(token)}`;
}
