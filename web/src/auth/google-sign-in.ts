/**
 * The browser's half of Google sign-in through Cognito's hosted UI (OAuth 2.0 authorization code
 * with PKCE, RFC 7636, and a `state` check, RFC 6749 §10.12). The start keeps a random `state`
 * and a PKCE `code_verifier` in this tab's sessionStorage only; the return to /login is accepted
 * only when its `state` matches, and the verifier goes with the code to google_login, so a code
 * stolen from the address bar or planted by another site (login CSRF) cannot sign anyone in.
 */

/** sessionStorage key of the pending sign-in (one at a time, per tab). */
export const GOOGLE_PENDING_KEY = 'ao.google';

/** The message for a return whose state is missing or does not match. */
export const GOOGLE_STATE_REFUSED =
  'Google sign-in could not be confirmed: it did not start in this browser tab. Please try again.';

/** What the start keeps until Google returns. */
interface PendingGoogleSignIn {
  state: string;
  verifier: string;
  /** The /login `next` to return to afterwards (checked again by safeNextPath on use). */
  next: string | null;
}

/** `bytes` random bytes, base64url without padding (32 bytes -> 43 characters). */
function randomBase64url(bytes: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The S256 code challenge: base64url(SHA-256(ASCII verifier)) (RFC 7636 §4.2). */
async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/**
 * Prepares a Google sign-in: a new 256-bit `state` and `code_verifier` (replacing any earlier
 * pending one), kept in sessionStorage with `next`.
 * @param authorizeUrl auth_config's `google.authorize_url` (Cognito's /oauth2/authorize).
 * @param next where to go after signing in (the /login `next` query), or null.
 * @returns the authorize URL with `state`, `code_challenge` and `code_challenge_method=S256`.
 */
export async function startGoogleSignIn(
  authorizeUrl: string,
  next: string | null,
): Promise<string> {
  const pending: PendingGoogleSignIn = {
    state: randomBase64url(32),
    verifier: randomBase64url(32),
    next,
  };
  const url = new URL(authorizeUrl);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('code_challenge', await s256(pending.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  sessionStorage.setItem(GOOGLE_PENDING_KEY, JSON.stringify(pending));
  return url.toString();
}

/** A return from Google that may be exchanged. */
export interface GoogleReturn {
  codeVerifier: string;
  next: string | null;
}

/**
 * Checks Google's return and spends the pending sign-in (a second use of the same return fails).
 * @param state the `state` query of /login (null when absent).
 * @returns the verifier and `next` when `state` equals the kept one; null otherwise (no pending
 *   sign-in in this tab, no state, or another state): the caller must not exchange the code.
 */
export function takeGoogleReturn(state: string | null): GoogleReturn | null {
  const raw = sessionStorage.getItem(GOOGLE_PENDING_KEY);
  sessionStorage.removeItem(GOOGLE_PENDING_KEY);
  if (!raw || !state) return null;
  let pending: Partial<PendingGoogleSignIn>;
  try {
    pending = JSON.parse(raw) as Partial<PendingGoogleSignIn>;
  } catch {
    return null;
  }
  if (typeof pending.state !== 'string' || typeof pending.verifier !== 'string') return null;
  if (!sameText(pending.state, state)) return null;
  return {
    codeVerifier: pending.verifier,
    next: typeof pending.next === 'string' ? pending.next : null,
  };
}

/** Compares two strings without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
