import { describe, expect, test } from 'vitest';
import { adminApi, authClientFor } from '../../../../lambdas/connections/adapters/google-clients';
import type { GoogleSettings } from '../../../../lambdas/connections/adapters/google-config';
import {
  GoogleApiGateway,
  GRANT_LISTING_TTL_MS,
  VIEWER_LISTING_TTL_MS,
} from '../../../../lambdas/connections/adapters/google-gateway';
import { connectUrl } from '../../../../lambdas/connections/core/connection-requests';
import { createProperties } from '../../../../lambdas/connections/core/create-properties';
import { connectionStart, listProperties } from '../../../../lambdas/connections/core/oauth-flow';
import { GoogleFailure } from '../../../../lambdas/connections/core/ports';
import { pkceChallenge } from '../../../../lambdas/connections/core/secrets';
import {
  DEMO_PROPERTY_ID,
  SMALL_SITE_PROPERTY_ID,
  VIEWER_PROPERTY_ID,
} from '../../../../lib/local/google/directory';
import type { LocalGoogle } from '../../../../lib/local/google/google-server';
import { googlePerTest, REDIRECT_URI } from '../../../lib/local/google/harness';
import { caller, connectionsWorld } from '../connection-fakes';

// The connection routes' Google adapters driven against the local Google stand-in through
// Google's official libraries: the same calls AWS makes to Google.
const google = googlePerTest();

function settingsOf(local: LocalGoogle): GoogleSettings {
  return {
    oauthClientId: local.clientId,
    oauthClientSecret: local.clientSecret,
    serviceAccountEmail: local.serviceAccountEmail,
    serviceAccountKey: local.serviceAccountKey.private_key,
    oauthAuthUrl: local.endpoints.authUrl,
    oauthTokenUrl: local.endpoints.tokenUrl,
    oauthRevokeUrl: local.endpoints.revokeUrl,
    adminRootUrl: local.endpoints.adminRootUrl,
    dataRootUrl: local.endpoints.dataRootUrl,
    siteOrigin: new URL(REDIRECT_URI).origin,
    redirectUri: REDIRECT_URI,
  };
}

/** The person on Google's consent page: picks `user` and allows; returns the redirect's query. */
async function allow(local: LocalGoogle, authorizeUrl: string, user: string) {
  const html = await (await fetch(authorizeUrl)).text();
  const consent = /name="consent" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(`${local.url}/o/oauth2/v2/auth/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent, user, decision: 'allow' }),
  });
  return new URL(answer.headers.get('location') ?? '').searchParams;
}

async function signedIn(local: LocalGoogle, gateway: GoogleApiGateway, user: string) {
  const verifier = 'v'.repeat(43);
  const url = await gateway.authorizeUrl({ state: 's1', codeChallenge: pkceChallenge(verifier) });
  const back = await allow(local, url, user);
  return { code: back.get('code') ?? '', state: back.get('state'), verifier };
}

describe('GoogleApiGateway against the local Google stand-in', () => {
  test('asks for offline read-only Analytics with PKCE, and trades the code for a lasting grant', async () => {
    const { local } = await google.start();
    const gateway = new GoogleApiGateway(async () => settingsOf(local));

    const url = new URL(await gateway.authorizeUrl({ state: 's1', codeChallenge: 'c'.repeat(43) }));
    const s = await signedIn(local, gateway, 'owner@demo-advertiser.example');
    const grant = await gateway.exchangeCode(s.code, s.verifier);

    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toContain('analytics.readonly');
    expect(s.state).toBe('s1');
    expect(grant.refreshToken).toBeTruthy();
    expect(grant.email).toBe('owner@demo-advertiser.example');
  });

  test('lists the user’s GA4 properties with their web stream and time zone', async () => {
    const { local } = await google.start();
    const gateway = new GoogleApiGateway(async () => settingsOf(local));
    const s = await signedIn(local, gateway, 'owner@demo-advertiser.example');
    const { refreshToken } = await gateway.exchangeCode(s.code, s.verifier);

    const properties = await gateway.listUserProperties(refreshToken as string);

    expect(properties.map((p) => p.gaid)).toEqual([DEMO_PROPERTY_ID, SMALL_SITE_PROPERTY_ID]);
    expect(properties[0]).toMatchObject({
      gaview: 'Demo Advertiser - GA4',
      gaccount_id: '200100001',
      account_name: 'Demo Advertiser',
      time_zone: 'America/New_York',
    });
    expect(properties[0]?.gaurl).toContain('demo-advertiser.example');
  });

  test('a reused code fails as a lost grant, carrying neither the code nor the client secret', async () => {
    const { local } = await google.start();
    const gateway = new GoogleApiGateway(async () => settingsOf(local));
    const s = await signedIn(local, gateway, 'owner@demo-advertiser.example');
    await gateway.exchangeCode(s.code, s.verifier);

    const error = await gateway.exchangeCode(s.code, s.verifier).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(GoogleFailure);
    expect(error).toMatchObject({
      operation: 'token',
      status: 400,
      reason: 'invalid_grant',
      revoked: true,
    });
    const logged = JSON.stringify({ ...(error as object), message: (error as Error).message });
    expect(logged).not.toContain(s.code);
    expect(logged).not.toContain(local.clientSecret);
    expect(logged).not.toContain(s.verifier);
  });

  test('the service account lists the properties shared with it as Viewer', async () => {
    const { local } = await google.start();
    const gateway = new GoogleApiGateway(async () => settingsOf(local));

    const properties = await gateway.listViewerProperties();

    expect(properties.map((p) => p.gaid)).toContain(VIEWER_PROPERTY_ID);
    expect(await gateway.serviceAccountEmail()).toBe(local.serviceAccountEmail);
  });

  test('a revoked grant no longer lists, and the failure says so', async () => {
    const { local } = await google.start();
    const gateway = new GoogleApiGateway(async () => settingsOf(local));
    const s = await signedIn(local, gateway, 'owner@demo-advertiser.example');
    const { refreshToken } = await gateway.exchangeCode(s.code, s.verifier);

    await gateway.revoke(refreshToken as string);
    const error = await gateway.listUserProperties(refreshToken as string).catch((e: unknown) => e);

    expect(error).toMatchObject({ revoked: true });
  });

  test('the whole sign-in through the routes’ core: link, consent, listing, connection that reads', async () => {
    const { local } = await google.start();
    const w = await connectionsWorld();
    const settings = settingsOf(local);
    const gateway = new GoogleApiGateway(async () => settings);
    const deps = { ...w.deps, google: gateway, siteOrigin: settings.siteOrigin };
    const link = await connectUrl(deps, caller('alice'), { cid: 'client-a', email: '' });
    const xrg = new URL(link.connection_url).searchParams.get('xrg') as string;
    const start = await connectionStart(deps, { xrg, cid: 'client-a' });
    const back = await allow(local, start.authorize_url, 'analyst@agency.example');
    const input = { code: back.get('code') ?? '', state: back.get('state') ?? '' };

    const listed = await listProperties(deps, input);
    const made = await createProperties(deps, {
      code: input.code,
      gaids: [DEMO_PROPERTY_ID],
      client_id: 'client-a',
    });

    expect(listed.ga_email).toBe('analyst@agency.example');
    expect(listed.properties.map((p) => p.gaid)).toContain(DEMO_PROPERTY_ID);
    const connection = await w.connections.getConnection('client-a', made.connection_id);
    const auth = await authClientFor(connection!, { settings, vault: deps.vault });
    const summaries = await (await adminApi(auth, settings)).accountSummaries.list({});
    expect(JSON.stringify(summaries.data)).toContain(`properties/${DEMO_PROPERTY_ID}`);
  });
});

describe('the Viewer listing', () => {
  test('is read from Google once a minute at most, and callers get their own copy', async () => {
    const { local } = await google.start();
    let now = 0;
    let reads = 0;
    const gateway = new GoogleApiGateway(
      async () => {
        reads += 1;
        return settingsOf(local);
      },
      () => now,
    );

    const first = await gateway.listViewerProperties();
    first.pop();
    const again = await gateway.listViewerProperties();
    const readsWithinTheMinute = reads;
    now = VIEWER_LISTING_TTL_MS;
    await gateway.listViewerProperties();

    expect(again.map((p) => p.gaid)).toContain(VIEWER_PROPERTY_ID);
    expect(readsWithinTheMinute).toBe(1);
    expect(reads).toBe(2);
  });
});

describe('a stored connection’s grant listing', () => {
  test('is read from Google once a minute per connection version, opening the grant only then', async () => {
    const { local } = await google.start();
    let now = 0;
    const gateway = new GoogleApiGateway(
      async () => settingsOf(local),
      () => now,
    );
    const s = await signedIn(local, gateway, 'owner@demo-advertiser.example');
    const { refreshToken } = await gateway.exchangeCode(s.code, s.verifier);
    let opened = 0;
    const open = async () => {
      opened += 1;
      return refreshToken as string;
    };

    const first = await gateway.listGrantProperties('client-a/c1/1', open);
    first.pop();
    const again = await gateway.listGrantProperties('client-a/c1/1', open);
    const openedWithinTheMinute = opened;
    await gateway.listGrantProperties('client-a/c1/2', open);
    now = GRANT_LISTING_TTL_MS;
    await gateway.listGrantProperties('client-a/c1/1', open);

    expect(again.map((p) => p.gaid)).toEqual([DEMO_PROPERTY_ID, SMALL_SITE_PROPERTY_ID]);
    expect(openedWithinTheMinute).toBe(1);
    expect(opened).toBe(3);
  });

  test('a revoked grant’s refusal is kept for the minute; another failure is tried again', async () => {
    const { local } = await google.start();
    const gateway = new GoogleApiGateway(
      async () => settingsOf(local),
      () => 0,
    );
    const s = await signedIn(local, gateway, 'owner@demo-advertiser.example');
    const { refreshToken } = await gateway.exchangeCode(s.code, s.verifier);
    await gateway.revoke(refreshToken as string);
    let opened = 0;
    const revoked = async () => {
      opened += 1;
      return refreshToken as string;
    };
    let vaultCalls = 0;
    const vaultDown = async () => {
      vaultCalls += 1;
      throw new Error('vault unavailable');
    };

    const refusals = [
      await gateway.listGrantProperties('r', revoked).catch((e: unknown) => e),
      await gateway.listGrantProperties('r', revoked).catch((e: unknown) => e),
    ];
    await gateway.listGrantProperties('v', vaultDown).catch(() => undefined);
    await gateway.listGrantProperties('v', vaultDown).catch(() => undefined);

    expect(refusals).toMatchObject([{ revoked: true }, { revoked: true }]);
    expect(opened).toBe(1);
    expect(vaultCalls).toBe(2);
  });
});
