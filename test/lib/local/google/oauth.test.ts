import { GaxiosError } from 'gaxios';
import { describe, expect, test } from 'vitest';
import { DEMO_PROPERTY_ID } from '../../../../lib/local/google/directory';
import {
  ANALYTICS_READONLY,
  apis,
  consent,
  googlePerTest,
  oauthClient,
  REDIRECT_URI,
  signIn,
  trigger,
} from './harness';

const OWNER = 'owner@demo-advertiser.example';
const google = googlePerTest();

/** The OAuth error body (`{error, error_description}`) a failed library call carried. */
async function oauthFailure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GaxiosError);
  const gaxios = error as GaxiosError;
  return { status: gaxios.status, body: gaxios.response?.data as Record<string, string> };
}

describe('sign-in on the local consent page', () => {
  test('Allow returns a code and the state; the code trades for tokens whose id_token names the chosen user', async () => {
    const { local } = await google.start();

    const back = await consent(local, OWNER);
    const client = oauthClient(local);
    const { tokens } = await client.getToken({
      code: back.location?.searchParams.get('code') ?? '',
      codeVerifier: back.verifier,
    });
    const ticket = await client.verifyIdToken({
      idToken: tokens.id_token ?? '',
      audience: local.clientId,
    });

    expect(back.status).toBe(302);
    expect(`${back.location?.origin}${back.location?.pathname}`).toBe(REDIRECT_URI);
    expect(back.location?.searchParams.get('state')).toBe('state-123');
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toMatch(/^1\/\/0/);
    expect(tokens.scope?.split(' ')).toContain(ANALYTICS_READONLY);
    expect(ticket.getPayload()?.email).toBe(OWNER);
  });

  test('Cancel returns access_denied with the state and no code', async () => {
    const { local } = await google.start();

    const back = await consent(local, OWNER, { decision: 'cancel' });

    expect(back.location?.searchParams.get('error')).toBe('access_denied');
    expect(back.location?.searchParams.get('state')).toBe('state-123');
    expect(back.location?.searchParams.has('code')).toBe(false);
  });

  test.each([
    [
      'an unregistered redirect_uri',
      { redirect_uri: 'https://evil.example/finish' },
      'redirect_uri_mismatch',
    ],
    ['another client', { client_id: 'someone-else.apps.googleusercontent.com' }, 'invalid_client'],
    ['PKCE plain', { code_challenge_method: 'plain' }, 'invalid_request'],
    [
      'an unknown scope',
      { scope: 'openid https://www.googleapis.com/auth/drive' },
      'invalid_scope',
    ],
  ])('%s gets the error page, never a redirect', async (_name, params, error) => {
    const { local } = await google.start();

    const back = await consent(local, OWNER, { authorize: params });

    expect(back.status).toBeGreaterThanOrEqual(400);
    expect(back.location).toBeNull();
    expect(back.html).toContain(error);
  });

  test('the consent page says it is the local stand-in and labels every account choice', async () => {
    const { local } = await google.start();

    const back = await consent(local, OWNER, { decision: 'cancel' });

    expect(back.html).toContain('Local Google stand-in');
    expect(back.html).toMatch(/<legend>Google account<\/legend>/);
    expect(back.html.match(/<label class="account" for="user-\d">/g)).toHaveLength(4);
  });
});

describe('the token endpoint', () => {
  test('a wrong PKCE verifier is refused, and the code is spent by the attempt', async () => {
    const { local } = await google.start();
    const back = await consent(local, OWNER);
    const code = back.location?.searchParams.get('code') ?? '';
    const client = oauthClient(local);

    const wrong = await oauthFailure(client.getToken({ code, codeVerifier: 'x'.repeat(43) }));
    const retry = await oauthFailure(client.getToken({ code, codeVerifier: back.verifier }));

    expect(wrong).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid code verifier.' },
    });
    expect(retry.body.error).toBe('invalid_grant');
  });

  test('a code works once: the second exchange is invalid_grant', async () => {
    const { local } = await google.start();
    const back = await consent(local, OWNER);
    const code = back.location?.searchParams.get('code') ?? '';
    const client = oauthClient(local);

    await client.getToken({ code, codeVerifier: back.verifier });
    const again = await oauthFailure(client.getToken({ code, codeVerifier: back.verifier }));

    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  test('a code sent with another redirect_uri is refused', async () => {
    const { local } = await google.start();
    const back = await consent(local, OWNER);
    const client = oauthClient(local);

    const failure = await oauthFailure(
      client.getToken({
        code: back.location?.searchParams.get('code') ?? '',
        codeVerifier: back.verifier,
        redirect_uri: 'http://127.0.0.1:9/other',
      }),
    );

    expect(failure.body.error).toBe('redirect_uri_mismatch');
  });

  test('a refresh token gives a new access token that reads the API', async () => {
    const { local } = await google.start();
    const { tokens } = await signIn(local, OWNER);
    const client = oauthClient(local);
    client.setCredentials({ refresh_token: tokens.refresh_token });

    const { token } = await client.getAccessToken();
    const summaries = await apis(local, client).admin.accountSummaries.list({});

    expect(token).toMatch(/^ya29\./);
    expect(token).not.toBe(tokens.access_token);
    expect(summaries.data.accountSummaries?.length).toBeGreaterThan(0);
  });
});

describe('revocation', () => {
  test('after /__local/revoke the refresh token is invalid_grant and the access token 401', async () => {
    const { local } = await google.start();
    const { tokens } = await signIn(local, OWNER);

    const revoked = await trigger(local, 'revoke', { email: OWNER });
    const withAccess = oauthClient(local);
    withAccess.setCredentials({ access_token: tokens.access_token, expiry_date: Date.now() + 3e6 });
    const api = await apis(local, withAccess)
      .admin.properties.get({ name: `properties/${DEMO_PROPERTY_ID}` })
      .then(
        () => null,
        (e: GaxiosError) => e.status,
      );
    const refresh = oauthClient(local);
    refresh.setCredentials({ refresh_token: tokens.refresh_token });
    const failure = await oauthFailure(refresh.getAccessToken());

    expect(revoked.status).toBe(200);
    expect(api).toBe(401);
    expect(failure).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    });
  });

  test("the library's revokeToken ends the whole grant", async () => {
    const { local } = await google.start();
    const { client, tokens } = await signIn(local, OWNER);

    await client.revokeToken(tokens.refresh_token ?? '');
    const refresh = oauthClient(local);
    refresh.setCredentials({ refresh_token: tokens.refresh_token });
    const failure = await oauthFailure(refresh.getAccessToken());
    const info = await oauthFailure(client.getTokenInfo(tokens.access_token ?? ''));

    expect(failure.body.error).toBe('invalid_grant');
    expect(info.body.error).toBe('invalid_token');
  });

  test('a restart on the same folder keeps refresh tokens working', async () => {
    const first = await google.start();
    const { tokens } = await signIn(first.local, OWNER);
    await google.stop(first.local);

    const again = await google.start(first.dir);
    const client = oauthClient(again.local);
    client.setCredentials({ refresh_token: tokens.refresh_token });
    const { token } = await client.getAccessToken();
    const info = await client.getTokenInfo(token ?? '');

    expect(info.email).toBe(OWNER);
  });
});
