/**
 * Where a sign-in may send the browser afterwards: the one resolver for every `next`, return
 * path and redirect target that comes from a URL or a request, used by the web app and the
 * server alike (no open redirect).
 *
 * Why each rule: browsers delete tabs and newlines from URLs before parsing them, so
 * `/\t/evil.example` is followed as `//evil.example`, another site; they read `\` as `/`; and a
 * value that is still percent-encoded (`/%2F%2Fevil.example`, `/%09/...`) can be decoded once
 * more by a router before it reaches `location`. So both the value and its one-level decoding
 * must be free of control characters, whitespace and backslashes, and neither may start with
 * `//`; what is left is resolved with the URL parser and kept only when its origin is the app's.
 */

/** Where a sign-in lands when no safe return path is given (the report page). */
export const AFTER_LOGIN_PATH = '/ss';

/** Controls (C0, DEL, C1), invisible format characters, every Unicode space, the backslash. */
const UNSAFE = /[\p{Cc}\p{Cf}\s\\]/u;

/** True when `text` holds a character a browser would drop, fold or read as a slash. */
function hasUnsafeCharacter(text: string): boolean {
  return UNSAFE.test(text);
}

/** One level of percent-decoding; null when the escapes are malformed. */
function decodedOnce(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * A same-origin path (pathname + search + hash) to go to, or `fallback`.
 * @param value the untrusted value (a `next` query, a stored return path); null or '' is absent.
 * @param appOrigin the app's origin, e.g. `https://app.example` (the browser's
 *   `location.origin`; the server's APP_ORIGIN).
 * @param fallback returned for anything refused. @default AFTER_LOGIN_PATH ('/ss')
 * @returns e.g. `/ss?client=1#x` for `/ss?client=1#x` or `https://<app origin>/ss?client=1#x`;
 *   `fallback` for other origins, other schemes (`javascript:`), protocol-relative values,
 *   control characters, whitespace or backslashes (raw or percent-encoded), and malformed
 *   escapes. Never throws.
 */
export function safeNextPath(
  value: string | null | undefined,
  appOrigin: string,
  fallback: string = AFTER_LOGIN_PATH,
): string {
  if (!value) return fallback;
  const decoded = decodedOnce(value);
  if (decoded === null || hasUnsafeCharacter(value) || hasUnsafeCharacter(decoded)) return fallback;
  let url: URL;
  let origin: string;
  try {
    origin = new URL(appOrigin).origin;
    url = new URL(value, `${origin}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const decodedPath = decodedOnce(url.pathname);
  // A path whose decoding starts with `//` becomes another site once a router decodes it.
  if (!path.startsWith('/') || path.startsWith('//') || decodedPath?.startsWith('//') !== false)
    return fallback;
  return path;
}
