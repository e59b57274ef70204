import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
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

/** The claims of a JWT (no check: the tests read what the stand-in put in it). */
const claimsOf = (jwt = '') =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));

/** An SDK client straight at cognito-local (what anyone holding the public app client id can do). */
function poolClient(endpoint: string) {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** A user with a permanent password, its e-mail verified or not. */
async function makeUser(pool: LocalCognito, email: string, verified: boolean) {
  const client = poolClient(pool.endpoint);
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: pool.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: String(verified) },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: pool.userPoolId,
      Username: email,
      Password: 'pass12!word',
      Permanent: true,
    }),
  );
  return client;
}

const signIn = (client: CognitoIdentityProviderClient, pool: LocalCognito, email: string) =>
  client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: pool.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: 'pass12!word' },
    }),
  );
const refresh = (client: CognitoIdentityProviderClient, pool: LocalCognito, token?: string) =>
  client.send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: pool.clientId,
      AuthParameters: { REFRESH_TOKEN: token ?? '' },
    }),
  );

describe('the user pool issues no tokens for an unverified e-mail', () => {
  test('straight at the pool with the right password: refused by the token trigger', async () => {
    const client = await makeUser(cognito, 'squatter@example.com', false);

    await expect(signIn(client, cognito, 'squatter@example.com')).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: expect.stringContaining('EMAIL_NOT_VERIFIED'),
    });
    client.destroy();
  });

  test("through the browser's same-origin proxy: refused as well", async () => {
    await makeUser(cognito, 'squatter2@example.com', false).then((c) => c.destroy());
    const server = newHttpServer(cognitoProxy(cognito.endpoint));
    const port = await listen(server, 0);
    const viaProxy = poolClient(`http://127.0.0.1:${port}/_cognito`);
    try {
      await expect(signIn(viaProxy, cognito, 'squatter2@example.com')).rejects.toMatchObject({
        name: 'UserLambdaValidationException',
      });
    } finally {
      viaProxy.destroy();
      await closeServer(server);
    }
  });

  test('a refresh is refused once the e-mail is no longer verified', async () => {
    const client = await makeUser(cognito, 'changed@example.com', true);
    const session = await signIn(client, cognito, 'changed@example.com');
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: cognito.userPoolId,
        Username: 'changed@example.com',
        UserAttributes: [
          { Name: 'email', Value: 'changed@example.com' },
          { Name: 'email_verified', Value: 'false' },
        ],
      }),
    );

    await expect(
      refresh(client, cognito, session.AuthenticationResult?.RefreshToken),
    ).rejects.toMatchObject({ name: 'UserLambdaValidationException' });
    client.destroy();
  });

  test('the ID token says email_verified as the pool has it, even where no trigger refuses', async () => {
    const bare = await startCognito({
      dir: join(dir, 'bare-cognito'),
      log: () => {},
      preTokenGeneration: async (event) => event,
    });
    try {
      const client = await makeUser(bare, 'unproven@example.com', false);
      await makeUser(bare, 'proven@example.com', true);

      const unproven = await signIn(client, bare, 'unproven@example.com');
      const proven = await signIn(client, bare, 'proven@example.com');

      expect(claimsOf(unproven.AuthenticationResult?.IdToken).email_verified).toBe(false);
      expect(claimsOf(proven.AuthenticationResult?.IdToken).email_verified).toBe(true);
      client.destroy();
    } finally {
      await bare.stop();
    }
  });
});

describe('signing a user out everywhere', () => {
  test('AdminUserGlobalSignOut kills the refresh tokens issued before it, not later ones', async () => {
    const client = await makeUser(cognito, 'owner@example.com', true);
    const before = await signIn(client, cognito, 'owner@example.com');

    await client.send(
      new AdminUserGlobalSignOutCommand({
        UserPoolId: cognito.userPoolId,
        Username: 'owner@example.com',
      }),
    );
    const after = await signIn(client, cognito, 'owner@example.com');

    await expect(
      refresh(client, cognito, before.AuthenticationResult?.RefreshToken),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const renewed = await refresh(client, cognito, after.AuthenticationResult?.RefreshToken);
    expect(renewed.AuthenticationResult?.IdToken).toBeTruthy();
    client.destroy();
  });
});

describe("the proxy forwards only what Cognito's public endpoint allows without credentials", () => {
  test('admin calls and self sign-up from the browser are refused', async () => {
    const server = newHttpServer(cognitoProxy(cognito.endpoint));
    const port = await listen(server, 0);
    const viaProxy = poolClient(`http://127.0.0.1:${port}/_cognito`);
    try {
      await expect(
        viaProxy.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: cognito.userPoolId,
            Username: logins.demo.email,
            UserAttributes: [{ Name: 'email_verified', Value: 'false' }],
          }),
        ),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      await expect(
        viaProxy.send(
          new SignUpCommand({
            ClientId: cognito.clientId,
            Username: 'someone-else@example.com',
            Password: 'pass12!word',
          }),
        ),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    } finally {
      viaProxy.destroy();
      await closeServer(server);
    }
  });
});
