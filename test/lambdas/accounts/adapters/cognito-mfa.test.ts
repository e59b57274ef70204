import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CognitoIdentity } from '../../../../lambdas/accounts/adapters/cognito-identity';
import { CognitoMfa } from '../../../../lambdas/accounts/adapters/cognito-mfa';
import { type LocalCognito, startCognito } from '../../../../lib/local/cognito';
import { ensureLocalPoolMfa } from '../../../../lib/local/local-mfa';
import { totpCode } from '../mfa-fakes';

// CognitoMfa against cognito-local, which answers the same user API as Cognito and checks real
// RFC 6238 codes: what the local stack runs.
const dir = mkdtempSync(join(tmpdir(), 'ao-cognito-mfa-'));
const PASSWORD = 'ab12!cdefg';
let cognito: LocalCognito;
let client: CognitoIdentityProviderClient;
let mfa: CognitoMfa;

beforeAll(async () => {
  cognito = await startCognito({ dir, log: () => undefined });
  await ensureLocalPoolMfa(cognito);
  client = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  mfa = new CognitoMfa(client, cognito.clientId);
});
afterAll(async () => {
  client?.destroy();
  await cognito?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function user(email: string, groups: string[]) {
  const UserPoolId = cognito.userPoolId;
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId,
      Username: email,
      Password: PASSWORD,
      Permanent: true,
    }),
  );
  for (const GroupName of groups)
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: email, GroupName }));
}

const signIn = (email: string) =>
  client.send(
    new InitiateAuthCommand({
      ClientId: cognito.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );

function tokensOf(out: Awaited<ReturnType<typeof signIn>>) {
  const r = out.AuthenticationResult;
  return { id_token: r?.IdToken ?? '', access_token: r?.AccessToken ?? '', expires_in: 3600 };
}

describe('CognitoMfa on cognito-local', () => {
  test('reads the groups of a fresh sign-in', async () => {
    await user('agent@example.com', ['agent']);
    await user('customer@example.com', []);

    expect(mfa.groupsOf(tokensOf(await signIn('agent@example.com')))).toEqual(['agent']);
    expect(mfa.groupsOf(tokensOf(await signIn('customer@example.com')))).toEqual([]);
  });

  test('setup: a wrong first code changes nothing; the right one makes every sign-in ask for a code', async () => {
    await user('staff@example.com', ['staff']);
    const tokens = tokensOf(await signIn('staff@example.com'));
    const secret = await mfa.associate(tokens.access_token);
    const right = totpCode(secret, new Date());
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');

    const refused = await mfa.confirmSetup(tokens.access_token, wrong);
    const afterWrong = await signIn('staff@example.com');
    const confirmed = await mfa.confirmSetup(tokens.access_token, right);
    const afterRight = await signIn('staff@example.com');
    const admin = await client.send(
      new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'staff@example.com' }),
    );

    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(refused).toBe(false);
    expect(afterWrong.AuthenticationResult?.IdToken).toBeDefined();
    expect(confirmed).toBe(true);
    expect(afterRight.AuthenticationResult).toBeUndefined();
    expect(afterRight.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(admin.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
  });

  test('challenge: a wrong code is wrong, the right code gives tokens', async () => {
    await user('ops@example.com', ['staff']);
    const tokens = tokensOf(await signIn('ops@example.com'));
    const secret = await mfa.associate(tokens.access_token);
    await mfa.confirmSetup(tokens.access_token, totpCode(secret, new Date()));
    const challenge = await signIn('ops@example.com');
    const pending = {
      mfaSession: challenge.Session ?? '',
      username: challenge.ChallengeParameters?.USER_ID_FOR_SRP ?? 'ops@example.com',
    };
    const right = totpCode(secret, new Date());
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');

    const refused = await mfa.answerChallenge(pending, wrong);
    const answered = await mfa.answerChallenge(pending, right);

    expect(refused).toEqual({ kind: 'wrong' });
    expect(answered.kind).toBe('tokens');
    expect(answered.kind === 'tokens' && mfa.groupsOf(answered.tokens)).toEqual(['staff']);
  });

  test("CognitoIdentity's password sign-in stops at the challenge once the user has an authenticator", async () => {
    await user('lead@example.com', ['agent']);
    const identity = new CognitoIdentity(client, {
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
      issuer: cognito.issuer,
      domain: '',
    });
    const before = await identity.passwordLogin('lead@example.com', PASSWORD);
    const access =
      before && typeof before === 'object' && 'access_token' in before ? before.access_token : '';
    const secret = await mfa.associate(access);
    await mfa.confirmSetup(access, totpCode(secret, new Date()));

    const after = await identity.passwordLogin('lead@example.com', PASSWORD);
    const wrongPassword = await identity.passwordLogin('lead@example.com', 'wrong12!ab');

    expect(before).toMatchObject({ id_token: expect.any(String) });
    expect(after).toEqual({ mfaSession: expect.any(String), username: expect.any(String) });
    expect(wrongPassword).toBeNull();
    const answer =
      after && typeof after === 'object' && 'mfaSession' in after
        ? await mfa.answerChallenge(after, totpCode(secret, new Date()))
        : null;
    expect(answer?.kind).toBe('tokens');
  });

  test('an expired Cognito session is told apart from a wrong code', async () => {
    const expired = new Error('Invalid session for the user, session is expired.');
    expired.name = 'NotAuthorizedException';
    const failing = new CognitoMfa(
      {
        send: async () => {
          throw expired;
        },
      } as unknown as CognitoIdentityProviderClient,
      'client-1',
    );

    expect(await failing.answerChallenge({ mfaSession: 's', username: 'u' }, '123456')).toEqual({
      kind: 'expired',
    });
  });
});
