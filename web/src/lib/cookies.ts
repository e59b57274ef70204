/**
 * Cookie read/write helpers (spec §2 "Cookie banner", §9 "Cookies"). Pure functions over a
 * `document.cookie`-like string (`"a=1; b=2"`), so they test without a DOM; the only DOM access is
 * `documentCookieJar`, which the banner takes as an injectable default.
 */

/** Name of the consent cookie. The spec gives no name, so this is our own. */
export const CONSENT_COOKIE = 'ss_cookie_consent';

/** Consent lifetime in seconds: 365 days (spec §9 "consent 365 days"). */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Delay before the banner appears, in milliseconds (spec §9 "banner after 100 ms"). */
export const CONSENT_BANNER_DELAY_MS = 100;

/** Attributes for `serializeCookie`. */
export interface CookieOptions {
  /** Lifetime in seconds (`Max-Age`); omitted = session cookie. @default undefined */
  maxAgeSeconds?: number;
  /** @default '/' */
  path?: string;
  /** @default 'Lax' */
  sameSite?: 'Lax' | 'Strict' | 'None';
  /** Adds `Secure` (only sent over https). @default false */
  secure?: boolean;
}

/** Where cookies are read from and written to: `document.cookie`, or a fake in tests. */
export interface CookieJar {
  /** The whole cookie string, `"name=value; other=value"`. */
  read(): string;
  /** Sets one cookie from a `Set-Cookie`-style string (as assigning `document.cookie` does). */
  write(cookie: string): void;
}

/** The browser's cookies; reads as empty where there is no `document` (server, node tests). */
export const documentCookieJar: CookieJar = {
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (cookie) => {
    // The Cookie Store API is async and missing from some browsers; document.cookie is everywhere.
    // biome-ignore lint/suspicious/noDocumentCookie: this jar is the one place that writes cookies
    if (typeof document !== 'undefined') document.cookie = cookie;
  },
};

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A value someone else wrote unencoded (a stray `%`) is kept as it is rather than thrown.
    return text;
  }
}

/**
 * Parses `"a=1; b=two%20words"` into `{ a: '1', b: 'two words' }`. Values are URI-decoded; pairs
 * without `=` are skipped; the first of two same-named cookies wins (the browser lists the most
 * specific path first). Never throws.
 */
export function parseCookies(cookieString: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of cookieString.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (!name || name in cookies) continue;
    cookies[name] = decode(pair.slice(at + 1).trim());
  }
  return cookies;
}

/** One cookie's decoded value from a cookie string, or null when it is not there. */
export function readCookie(cookieString: string, name: string): string | null {
  return parseCookies(cookieString)[name] ?? null;
}

/**
 * A string to assign to `document.cookie`: `name=value; Path=/; Max-Age=…; SameSite=Lax[; Secure]`.
 * The value is URI-encoded.
 *
 * @throws Error when the name is empty or holds characters a cookie name cannot (RFC 6265 token).
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
    throw new Error(`Invalid cookie name: ${JSON.stringify(name)}`);
  }
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${Math.floor(options.maxAgeSeconds)}`);
  }
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * True when the visitor has accepted cookies (the consent cookie is present). Anything beyond the
 * strictly necessary cookies (analytics, for one) must check this before it is set.
 *
 * @param cookieString cookies to look in. @default document.cookie
 */
export function hasCookieConsent(cookieString: string = documentCookieJar.read()): boolean {
  return readCookie(cookieString, CONSENT_COOKIE) !== null;
}

/**
 * The consent cookie to write on Accept: kept 365 days, SameSite=Lax, Secure when the page is on
 * https. The value is the acceptance time in epoch seconds UTC, so a later policy change can ask
 * again of those who accepted before it.
 */
export function consentCookie(options: { secure: boolean; nowSeconds: number }): string {
  return serializeCookie(CONSENT_COOKIE, String(Math.floor(options.nowSeconds)), {
    maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
    sameSite: 'Lax',
    secure: options.secure,
  });
}
