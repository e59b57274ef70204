import type { GoogleState } from './store';

/** What every handler of the stand-in works with. */
export interface GoogleCtx {
  state: GoogleState;
  /** Unix seconds. */
  now(): number;
  /** The stand-in's origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  /** Redirect URIs registered for the OAuth client (exact match, like Google). */
  redirectUris: Set<string>;
  /** Persists the state after a change. */
  save(): void;
}

/** Google's scope for reading GA4 data, and the full-access one that also reads. */
export const ANALYTICS_SCOPES = [
  'https://www.googleapis.com/auth/analytics.readonly',
  'https://www.googleapis.com/auth/analytics',
] as const;

/** Scopes the consent page can grant; short names become Google's full ones. */
const SCOPE_NAMES: Record<string, string> = {
  openid: 'openid',
  email: 'https://www.googleapis.com/auth/userinfo.email',
  profile: 'https://www.googleapis.com/auth/userinfo.profile',
  'https://www.googleapis.com/auth/userinfo.email':
    'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile':
    'https://www.googleapis.com/auth/userinfo.profile',
  'https://www.googleapis.com/auth/analytics.readonly':
    'https://www.googleapis.com/auth/analytics.readonly',
  'https://www.googleapis.com/auth/analytics': 'https://www.googleapis.com/auth/analytics',
};

/** What each scope lets the app do, in the consent page's words. */
export const SCOPE_TEXT: Record<string, string> = {
  openid: 'Associate you with your personal info on Google',
  'https://www.googleapis.com/auth/userinfo.email': 'See your primary Google Account email address',
  'https://www.googleapis.com/auth/userinfo.profile':
    'See your personal info, including any personal info you have made publicly available',
  'https://www.googleapis.com/auth/analytics.readonly':
    'See and download your Google Analytics data',
  'https://www.googleapis.com/auth/analytics':
    'See and download your Google Analytics data, and manage it',
};

/**
 * Google's full scope names for a space-separated `scope` parameter.
 * @returns the scopes, or the names Google would call invalid.
 */
export function normaliseScopes(scope: string): { scopes: string[]; invalid: string[] } {
  const scopes: string[] = [];
  const invalid: string[] = [];
  for (const name of scope.split(/\s+/).filter(Boolean)) {
    const full = SCOPE_NAMES[name];
    if (!full) invalid.push(name);
    else if (!scopes.includes(full)) scopes.push(full);
  }
  return { scopes, invalid };
}

/** True when the scopes let the holder read GA4 data. */
export const readsAnalytics = (scopes: readonly string[]) =>
  scopes.some((s) => (ANALYTICS_SCOPES as readonly string[]).includes(s));
