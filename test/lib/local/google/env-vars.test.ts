import { analyticsadmin } from '@googleapis/analyticsadmin';
import { CodeChallengeMethod, JWT, OAuth2Client } from 'google-auth-library';
import { describe, expect, test } from 'vitest';
import { VIEWER_PROPERTY_ID } from '../../../../lib/local/google/directory';
import { googleEnv } from '../../../../lib/local/google/env-vars';
import { ANALYTICS_READONLY, googlePerTest } from './harness';

const google = googlePerTest();
const SITE = 'http://127.0.0.1:3999';

describe('the Google environment the local stack gives the Lambdas', () => {
  test('names a client, redirect and endpoints the stand-in accepts for sign-in', async () => {
    const { local } = await google.start();
    local.setRedirectUris([`${SITE}/finish`]);
    const env = googleEnv(local, SITE);
    const secret = JSON.parse(env.GOOGLE_SECRET_JSON ?? '{}') as { client_secret: string };
    const client = new OAuth2Client({
      clientId: env.GOOGLE_OAUTH_CLIENT_ID,
      clientSecret: secret.client_secret,
      redirectUri: `${env.CONNECT_SITE_URL}/finish`,
      endpoints: {
        oauth2AuthBaseUrl: env.GOOGLE_OAUTH_AUTH_URL,
        oauth2TokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
        oauth2RevokeUrl: env.GOOGLE_OAUTH_REVOKE_URL,
      },
    });
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();

    const page = await fetch(
      client.generateAuthUrl({
        scope: [ANALYTICS_READONLY, 'openid', 'email'],
        access_type: 'offline',
        state: 's',
        code_challenge: codeChallenge,
        code_challenge_method: CodeChallengeMethod.S256,
      }),
    );
    const consentId = /name="consent" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const back = await fetch(`${local.url}/o/oauth2/v2/auth/consent`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        consent: consentId,
        user: 'nobody@example.com',
        decision: 'allow',
      }),
    });
    const location = new URL(back.headers.get('location') ?? '');
    const { tokens } = await client.getToken({
      code: location.searchParams.get('code') ?? '',
      codeVerifier,
    });

    expect(location.origin).toBe(SITE);
    expect(tokens.refresh_token).toBeTruthy();
  });

  test("carries the service account's key, which reads its Viewer property at GA_ADMIN_ROOT_URL", async () => {
    const { local } = await google.start();
    const env = googleEnv(local, SITE);
    const secret = JSON.parse(env.GOOGLE_SECRET_JSON ?? '{}') as { service_account_key: string };
    const auth = new JWT({
      email: env.GOOGLE_SERVICE_ACCOUNT_EMAIL,
      key: secret.service_account_key,
      scopes: [ANALYTICS_READONLY],
    });
    auth.useJWTAccessWithScope = true;

    // The Admin package pins an older google-auth-library: its AuthClient type differs, not its wire.
    const admin = analyticsadmin({
      version: 'v1beta',
      auth: auth as never,
      rootUrl: env.GA_ADMIN_ROOT_URL,
    });
    const { data } = await admin.properties.get({ name: `properties/${VIEWER_PROPERTY_ID}` });

    expect(secret.service_account_key).toContain('BEGIN PRIVATE KEY');
    expect(data.timeZone).toBe('America/Chicago');
  });
});
