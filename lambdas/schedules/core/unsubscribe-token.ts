import { readToken, signToken } from './signed-token';

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

/**
 * Signs an unsubscribe token.
 * @param secret the link secret (at least 32 characters).
 * @throws Error when the secret is shorter than 32 characters.
 */
export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  return signToken(secret, {
    c: claim.client_uid,
    s: claim.schedule_id,
    e: claim.email.toLowerCase(),
  });
}

/**
 * Verifies a token (constant-time comparison of the mac).
 * @returns the claim, or null when the token is malformed, was not signed with `secret`, or is
 *   another kind of link's token.
 */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const json = readToken(secret, token);
  if (!json) return null;
  const { c, s, e } = json;
  if (typeof c !== 'string' || typeof s !== 'string' || typeof e !== 'string') return null;
  return { client_uid: c, schedule_id: s, email: e };
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
