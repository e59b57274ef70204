import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type LocalCognito, startCognito } from '../../../lib/local/cognito';
import { cognitoProxy, translateCognitoCall } from '../../../lib/local/cognito-proxy';
import { jwtAuthorizer } from '../../../lib/local/local-auth';
import { ensureLocalLogins, type LocalLogins, localIdToken } from '../../../lib/local/local-logins';
import { closeServer, listen, newHttpServer } from '../../../lib/local/net';

let dir: string;
let cognito: LocalCognito;
let logins: LocalLogins;

const request = (token?: string) =>
  ({ headers: token ? { authorization: `Bearer ${token}` } : {} }) as IncomingMessage;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ao-cognito-'));
  cognito = await startCognito({ dir: join(dir, 'cognito'), log: () => {} });
  logins = await ensureLocalLogins(cognito, dir);
});

afterAll(async () => {
  await cognito?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('cognito-local as the user pool', () => {
  test('its ID tokens pass the local gateway authorizer with the groups as claims', async () => {
    const authorize = jwtAuthorizer(cognito);
    const operator = await authorize(request(await localIdToken(cognito, logins.operator)), 'user');
    const demo = await authorize(request(await localIdToken(cognito, logins.demo)), 'user');

    expect(operator).not.toBe('unauthorized');
    expect(
      operator && operator !== 'unauthorized' && operator.jwt.claims['cognito:groups'],
    ).toEqual(['staff']);
    expect(demo && demo !== 'unauthorized' && demo.jwt.claims.email).toBe('demo@analyticowl.local');
  });

  test('a wrong password gets no token', async () => {
    await expect(
      localIdToken(cognito, { email: logins.demo.email, password: 'wrong-123!' }),
    ).rejects.toThrow();
  });

  test('the pool and its users survive a restart of cognito-local', async () => {
    await cognito.stop();
    cognito = await startCognito({ dir: join(dir, 'cognito'), log: () => {} });

    const token = await localIdToken(cognito, logins.demo);
    expect(await jwtAuthorizer(cognito)(request(token), 'user')).not.toBe('unauthorized');
  });
});

describe('the same-origin Cognito proxy', () => {
  test("rewrites Amplify's GetTokensFromRefreshToken to a REFRESH_TOKEN_AUTH InitiateAuth", () => {
    const call = translateCognitoCall(
      'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      JSON.stringify({ ClientId: 'c1', RefreshToken: 'r1' }),
    );

    expect(call.target).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(JSON.parse(call.body)).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'c1',
      AuthParameters: { REFRESH_TOKEN: 'r1' },
    });
  });

  test('a refresh through the proxy returns a new ID token that the authorizer accepts', async () => {
    const server = newHttpServer(cognitoProxy(cognito.endpoint));
    const port = await listen(server, 0);
    try {
      const post = (target: string, body: object) =>
        fetch(`http://127.0.0.1:${port}/_cognito`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
          },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<{ AuthenticationResult?: Record<string, string> }>);
      const login = await post('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { USERNAME: logins.demo.email, PASSWORD: logins.demo.password },
      });
      const refreshed = await post('GetTokensFromRefreshToken', {
        ClientId: cognito.clientId,
        RefreshToken: login.AuthenticationResult?.RefreshToken,
      });

      const idToken = refreshed.AuthenticationResult?.IdToken ?? '';
      expect(await jwtAuthorizer(cognito)(request(idToken), 'user')).not.toBe('unauthorized');
    } finally {
      await closeServer(server);
    }
  });
});
