import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, test } from 'vitest';
import { CognitoIdentity } from '../../../../lambdas/accounts/adapters/cognito-identity';

type Sent = { command: string; input: Record<string, unknown> };

/** A Cognito client that records commands and answers from `replies` by command name. */
function fakeCognito(replies: Record<string, (input: Record<string, unknown>) => unknown>) {
  const sent: Sent[] = [];
  const client = {
    send: async (cmd: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const command = cmd.constructor.name.replace(/Command$/, '');
      sent.push({ command, input: cmd.input });
      const reply = replies[command];
      return reply ? reply(cmd.input) : {};
    },
  } as unknown as Pick<CognitoIdentityProviderClient, 'send'>;
  return { client, sent };
}

function awsError(name: string) {
  const error = new Error(name);
  error.name = name;
  return error;
}

const settings = {
  userPoolId: 'pool-1',
  clientId: 'client-1',
  issuer: 'http://x/pool-1',
  domain: '',
};
const user = { email: 'ada@example.com', password: 'ab12!cdef', firstName: 'Ada', lastName: 'L' };

describe('CognitoIdentity', () => {
  test('creates a confirmed user without a Cognito mail and a permanent password', async () => {
    const { client, sent } = fakeCognito({
      AdminCreateUser: () => ({ User: { Attributes: [{ Name: 'sub', Value: 'sub-1' }] } }),
    });

    const sub = await new CognitoIdentity(client, settings).createUser(user);

    expect(sub).toBe('sub-1');
    expect(sent.map((s) => s.command)).toEqual(['AdminCreateUser', 'AdminSetUserPassword']);
    expect(sent[0]?.input).toMatchObject({
      UserPoolId: 'pool-1',
      Username: 'ada@example.com',
      MessageAction: 'SUPPRESS',
      UserAttributes: expect.arrayContaining([{ Name: 'email_verified', Value: 'false' }]),
    });
    expect(sent[1]?.input).toMatchObject({ Password: 'ab12!cdef', Permanent: true });
  });

  test('a taken e-mail is a Conflict', async () => {
    const { client } = fakeCognito({
      AdminCreateUser: () => {
        throw awsError('UsernameExistsException');
      },
    });

    await expect(new CognitoIdentity(client, settings).createUser(user)).rejects.toMatchObject({
      status: 409,
    });
  });

  test('a password the pool refuses removes the half-made user and names the field', async () => {
    const { client, sent } = fakeCognito({
      AdminCreateUser: () => ({ User: { Attributes: [{ Name: 'sub', Value: 'sub-1' }] } }),
      AdminSetUserPassword: () => {
        throw awsError('InvalidPasswordException');
      },
    });

    const made = new CognitoIdentity(client, settings).createUser(user);

    await expect(made).rejects.toMatchObject({ status: 400, field: 'new_password' });
    expect(sent.at(-1)?.command).toBe('AdminDeleteUser');
  });

  test('password sign-in: tokens for the right password, null for a wrong or unknown one', async () => {
    const { client, sent } = fakeCognito({
      InitiateAuth: (input) => {
        const p = input.AuthParameters as Record<string, string>;
        if (p.USERNAME === 'nobody@example.com') throw awsError('UserNotFoundException');
        if (p.PASSWORD !== 'ab12!cdef') throw awsError('NotAuthorizedException');
        return {
          AuthenticationResult: {
            IdToken: 'id',
            AccessToken: 'acc',
            RefreshToken: 'ref',
            ExpiresIn: 3600,
          },
        };
      },
    });
    const cognito = new CognitoIdentity(client, settings);

    const ok = await cognito.passwordLogin('ada@example.com', 'ab12!cdef');
    const wrong = await cognito.passwordLogin('ada@example.com', 'nope');
    const unknown = await cognito.passwordLogin('nobody@example.com', 'ab12!cdef');

    expect(ok).toEqual({
      id_token: 'id',
      access_token: 'acc',
      refresh_token: 'ref',
      expires_in: 3600,
    });
    expect(wrong).toBeNull();
    expect(unknown).toBeNull();
    expect(sent[0]?.input).toMatchObject({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'client-1' });
  });

  test('passwordLogin tells a right password on an unverified address from a wrong one', async () => {
    const { client } = fakeCognito({
      InitiateAuth: () => {
        const error = awsError('UserLambdaValidationException');
        error.message = 'PreTokenGeneration failed with error EMAIL_NOT_VERIFIED.';
        throw error;
      },
    });
    const cognito = new CognitoIdentity(client, settings);

    expect(await cognito.passwordLogin('ada@example.com', 'ab12!cdef')).toBe('unverified');
  });

  test('signOutEverywhere revokes the refresh tokens of the user; an unknown user is no error', async () => {
    const { client, sent } = fakeCognito({
      AdminUserGlobalSignOut: (input) => {
        if (input.Username !== 'ada@example.com') throw awsError('UserNotFoundException');
        return {};
      },
    });
    const cognito = new CognitoIdentity(client, settings);

    await cognito.signOutEverywhere('ada@example.com');
    await cognito.signOutEverywhere('nobody@example.com');

    expect(sent[0]).toEqual({
      command: 'AdminUserGlobalSignOut',
      input: { UserPoolId: 'pool-1', Username: 'ada@example.com' },
    });
  });

  test('findUser reads sub and email_verified, and null for an unknown user', async () => {
    const { client } = fakeCognito({
      AdminGetUser: (input) => {
        if (input.Username !== 'ada@example.com') throw awsError('UserNotFoundException');
        return {
          Username: 'ada@example.com',
          Enabled: true,
          UserAttributes: [
            { Name: 'sub', Value: 'sub-1' },
            { Name: 'email_verified', Value: 'true' },
          ],
        };
      },
    });
    const cognito = new CognitoIdentity(client, settings);

    expect(await cognito.findUser('ada@example.com')).toEqual({
      userId: 'sub-1',
      emailVerified: true,
      enabled: true,
    });
    expect(await cognito.findUser('nobody@example.com')).toBeNull();
  });

  test('Google code exchange needs a hosted-UI domain', async () => {
    const { client } = fakeCognito({});

    await expect(
      new CognitoIdentity(client, settings).exchangeCode('c', 'https://app/login', 'v'.repeat(43)),
    ).rejects.toMatchObject({
      status: 400,
      code: 'google_not_configured',
      message: 'Google sign-in is not set up on this server.',
    });
  });

  test('Google code exchange posts the code with its PKCE verifier to the token endpoint', async () => {
    const { client } = fakeCognito({});
    const calls: { url: string; body: string }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) });
      return new Response(
        JSON.stringify({ id_token: 'id', access_token: 'acc', expires_in: 3600 }),
        { status: 200 },
      );
    }) as typeof fetch;
    const cognito = new CognitoIdentity(
      client,
      { ...settings, domain: 'https://auth.example.com' },
      fakeFetch,
    );

    const tokens = await cognito.exchangeCode(
      'the-code',
      'https://app.example.com/login',
      'the-verifier-of-this-sign-in-0123456789abcdef',
    );

    expect(tokens).toEqual({ id_token: 'id', access_token: 'acc', expires_in: 3600 });
    expect(calls[0]?.url).toBe('https://auth.example.com/oauth2/token');
    expect(new URLSearchParams(calls[0]?.body)).toEqual(
      new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'client-1',
        code: 'the-code',
        redirect_uri: 'https://app.example.com/login',
        code_verifier: 'the-verifier-of-this-sign-in-0123456789abcdef',
      }),
    );
  });
});
