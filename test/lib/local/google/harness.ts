import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyticsadmin } from '@googleapis/analyticsadmin';
import { analyticsdata } from '@googleapis/analyticsdata';
import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import { afterEach } from 'vitest';
import { type LocalGoogle, startLocalGoogle } from '../../../../lib/local/google/google-server';

/** Where the fake site's OAuth redirect goes (never called: tests read the Location header). */
export const REDIRECT_URI = 'http://127.0.0.1:9/finish';
/** The demo post-log's first Monday in tests (its 8 weeks lie in the past). */
export const DEMO_FIRST_DAY = '2026-09-07';
export const ANALYTICS_READONLY = 'https://www.googleapis.com/auth/analytics.readonly';

/** A stand-in in a folder; `dir` reuses one (restart). */
export async function startGoogle(dir?: string): Promise<{ local: LocalGoogle; dir: string }> {
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'local-google-'));
  const local = await startLocalGoogle({
    dir: folder,
    redirectUris: [REDIRECT_URI],
    demoFirstDay: DEMO_FIRST_DAY,
  });
  return { local, dir: folder };
}

/** One stand-in per test, stopped and removed after it (restarts on the same folder allowed). */
export function googlePerTest() {
  const dirs = new Set<string>();
  const running: LocalGoogle[] = [];
  afterEach(async () => {
    for (const local of running.splice(0)) await local.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs.clear();
  });
  return {
    async start(dir?: string) {
      const started = await startGoogle(dir);
      dirs.add(started.dir);
      running.push(started.local);
      return started;
    },
    async stop(local: LocalGoogle) {
      running.splice(running.indexOf(local), 1);
      await local.stop();
    },
  };
}

/** google-auth-library's OAuth2Client pointed at the stand-in, as the product configures it. */
export function oauthClient(local: LocalGoogle): OAuth2Client {
  return new OAuth2Client({
    clientId: local.clientId,
    clientSecret: local.clientSecret,
    redirectUri: REDIRECT_URI,
    endpoints: {
      oauth2AuthBaseUrl: local.endpoints.authUrl,
      oauth2TokenUrl: local.endpoints.tokenUrl,
      oauth2RevokeUrl: local.endpoints.revokeUrl,
      tokenInfoUrl: local.endpoints.tokenInfoUrl,
      oauth2FederatedSignonPemCertsUrl: local.endpoints.pemCertsUrl,
      oauth2FederatedSignonJwkCertsUrl: local.endpoints.jwkCertsUrl,
    },
  });
}

/** What the browser got back at the redirect URI. */
export interface Redirected {
  status: number;
  location: URL | null;
  /** The PKCE verifier the app kept. */
  verifier: string;
  html: string;
}

/**
 * The browser side of sign-in: the app's authorize URL (PKCE S256, offline, state) opened, the
 * consent form posted as a person would (`user` picked, Allow or Cancel).
 */
export async function consent(
  local: LocalGoogle,
  user: string,
  opts: { decision?: 'allow' | 'cancel'; authorize?: Record<string, string> } = {},
): Promise<Redirected> {
  const client = oauthClient(local);
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const url = client.generateAuthUrl({
    scope: [ANALYTICS_READONLY, 'openid', 'email'],
    access_type: 'offline',
    prompt: 'consent',
    state: 'state-123',
    code_challenge: codeChallenge,
    code_challenge_method: CodeChallengeMethod.S256,
  });
  const authorizeUrl = new URL(url);
  for (const [k, v] of Object.entries(opts.authorize ?? {})) authorizeUrl.searchParams.set(k, v);
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  const consentId = /name="consent" value="([^"]+)"/.exec(html)?.[1];
  if (!consentId)
    return { status: page.status, location: null, verifier: codeVerifier ?? '', html };
  const answer = await fetch(`${local.url}/o/oauth2/v2/auth/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent: consentId, user, decision: opts.decision ?? 'allow' }),
  });
  const location = answer.headers.get('location');
  return {
    status: answer.status,
    location: location ? new URL(location) : null,
    verifier: codeVerifier ?? '',
    html,
  };
}

/** A signed-in user's tokens (code traded with the right verifier). */
export async function signIn(local: LocalGoogle, user: string) {
  const back = await consent(local, user);
  const code = back.location?.searchParams.get('code') ?? '';
  const client = oauthClient(local);
  const { tokens } = await client.getToken({ code, codeVerifier: back.verifier });
  client.setCredentials(tokens);
  return { client, tokens };
}

/** The Admin and Data API clients of the official packages, pointed at the stand-in. */
export function apis(local: LocalGoogle, auth: unknown) {
  const options = { auth: auth as never, rootUrl: local.endpoints.adminRootUrl };
  return {
    admin: analyticsadmin({ version: 'v1beta', ...options }),
    data: analyticsdata({
      version: 'v1beta',
      auth: auth as never,
      rootUrl: local.endpoints.dataRootUrl,
    }),
  };
}

/** POSTs JSON to one of the stand-in's /__local triggers. */
export async function trigger(local: LocalGoogle, path: string, body: unknown) {
  const res = await fetch(`${local.url}/__local/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
