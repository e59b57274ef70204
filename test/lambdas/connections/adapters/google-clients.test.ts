import { generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, describe, expect, test } from 'vitest';
import { LocalTokenVault } from '#shared/connections/token-vault';
import {
  ANALYTICS_READONLY_SCOPE,
  authClientFor,
  authorizationHeader,
  isRevoked,
} from '../../../../lambdas/connections/adapters/google-clients';
import type { GoogleSettings } from '../../../../lambdas/connections/adapters/google-config';
import { connection } from '../pull-fakes';

const dir = mkdtempSync(join(tmpdir(), 'ao-gclients-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const settings: GoogleSettings = {
  oauthClientId: 'client-id',
  oauthClientSecret: 'client-secret',
  serviceAccountEmail: 'reader@analyticowl.iam.gserviceaccount.com',
  serviceAccountKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  oauthAuthUrl: 'http://127.0.0.1:1/o/oauth2/v2/auth',
  oauthTokenUrl: 'http://127.0.0.1:1/token',
  oauthRevokeUrl: 'http://127.0.0.1:1/revoke',
  adminRootUrl: 'http://127.0.0.1:1/',
  dataRootUrl: 'http://127.0.0.1:1/',
  siteOrigin: 'http://127.0.0.1:2',
  redirectUri: 'http://127.0.0.1:2/finish',
};

describe('authClientFor', () => {
  test('a Viewer-access connection signs its own access JWT with the service account key', async () => {
    const vault = new LocalTokenVault(join(dir, 'k1'));
    const viewer = connection({ source: 'viewer', ga_email: '', sealed_refresh_token: null });
    const auth = await authClientFor(viewer, { settings, vault });

    const { authorization } = await authorizationHeader(auth);

    const jwt = authorization.replace(/^Bearer /, '');
    const [head, body, signature] = jwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    expect(claims.iss).toBe(settings.serviceAccountEmail);
    expect(claims.scope).toBe(ANALYTICS_READONLY_SCOPE);
    expect(
      verify(
        'RSA-SHA256',
        Buffer.from(`${head}.${body}`),
        publicKey,
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(true);
  });

  test('an oauth connection holds the refresh token opened for exactly that connection', async () => {
    const vault = new LocalTokenVault(join(dir, 'k2'));
    const sealed = await vault.seal('1//refresh', { client_uid: 'c1', connection_id: 'conn1' });

    const auth = await authClientFor(connection({ sealed_refresh_token: sealed }), {
      settings,
      vault,
    });

    expect(auth).toBeInstanceOf(OAuth2Client);
    expect(auth.credentials.refresh_token).toBe('1//refresh');
    expect(String((auth as OAuth2Client).endpoints.oauth2TokenUrl)).toBe(settings.oauthTokenUrl);
  });

  test('a token sealed for another client does not open', async () => {
    const vault = new LocalTokenVault(join(dir, 'k3'));
    const sealed = await vault.seal('1//refresh', { client_uid: 'c2', connection_id: 'conn1' });

    await expect(
      authClientFor(connection({ sealed_refresh_token: sealed }), { settings, vault }),
    ).rejects.toThrow();
  });
});

describe('isRevoked', () => {
  test.each([
    [
      'invalid_grant from the token endpoint',
      { response: { status: 400, data: { error: 'invalid_grant' } } },
      true,
    ],
    [
      '401 from an API',
      { response: { status: 401, data: { error: { status: 'UNAUTHENTICATED' } } } },
      true,
    ],
    [
      '403 PERMISSION_DENIED',
      { response: { status: 403, data: { error: { status: 'PERMISSION_DENIED' } } } },
      true,
    ],
    [
      '429 RESOURCE_EXHAUSTED',
      { response: { status: 429, data: { error: { status: 'RESOURCE_EXHAUSTED' } } } },
      false,
    ],
    [
      '403 quota (not a lost grant)',
      { response: { status: 403, data: { error: { status: 'RESOURCE_EXHAUSTED' } } } },
      false,
    ],
    ['500', { response: { status: 500, data: {} } }, false],
    ['a plain Error', new Error('socket hang up'), false],
    ['nothing', undefined, false],
  ])('%s -> %s', (_name, error, expected) => {
    expect(isRevoked(error)).toBe(expected);
  });
});
