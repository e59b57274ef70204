import {
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AuthConfig, LoginResult } from '../../layers/shared/contracts/account-results.schema';
import { MFA_MESSAGES } from '../../layers/shared/contracts/mfa.schema';
import type { Envelope } from '../../layers/shared/http/envelope';
import { localTotpCode } from '../../lib/local/local-mfa';
import { callApi } from '../../lib/local/route-calls';
import { bootStack, type TestStack, teardown, tempStackDir } from './support/stack';

// A call-centre agent who never added an authenticator app takes tokens straight from the user
// pool's public client (MFA is optional per user, so Cognito hands them out): the agent routes
// refuse them until the account has one, and adding it signs that earlier session out.

const dir = tempStackDir();
let local: TestStack | undefined;

beforeAll(async () => {
  local = await bootStack(dir, false);
}, 120_000);

afterAll(() => teardown(local, dir));

/** The user pool as anyone on the internet reaches it (the same-origin proxy locally). */
async function publicPool(url: string) {
  const config = await callApi<AuthConfig>(url, 'auth_config');
  const client = new CognitoIdentityProviderClient({
    endpoint: new URL(config.user_pool_endpoint ?? '', url).toString(),
    region: 'local',
    credentials: { accessKeyId: 'anonymous', secretAccessKey: 'anonymous' },
  });
  return {
    signIn: (email: string, password: string) =>
      client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: config.user_pool_client_id,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      ),
    refresh: (refreshToken: string | undefined) =>
      client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: config.user_pool_client_id,
          RefreshToken: refreshToken,
        }),
      ),
    close: () => client.destroy(),
  };
}

/** cls_search through the gateway with `idToken`; the status and the error code, if any. */
async function search(idToken: string | undefined) {
  const res = await fetch(new URL('/ss_rest/cls_search?search_text=a', local!.stack.url), {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const body = (await res.json()) as Envelope<unknown>;
  return { status: res.status, code: body.error?.code ?? null, body };
}

test('an agent without an authenticator is refused with tokens taken straight from the pool, and let in once the login page added one', async () => {
  const { url, logins } = local!.stack;
  const agent = logins.agent;
  const pool = await publicPool(url);

  const bypass = (await pool.signIn(agent.email, agent.password)).AuthenticationResult;
  const refused = await search(bypass?.IdToken);

  expect(bypass?.IdToken).toBeTruthy();
  expect(refused).toMatchObject({ status: 403, code: 'mfa_required' });
  expect(refused.body.message).toBe(MFA_MESSAGES.required);

  const step = await callApi<LoginResult>(url, 'rest_login', {
    email_address: agent.email,
    password: agent.password,
  });
  expect(step.token).toBeUndefined();
  expect(step.mfa).toMatchObject({ step: 'setup' });
  const setup = await callApi<LoginResult>(url, 'mfa_setup', {
    session: step.mfa?.session,
    code: localTotpCode(step.mfa?.secret ?? ''),
  });
  const admitted = await search(setup.token?.id_token);

  expect(admitted.status).toBe(200);
  // Adding the authenticator signed the earlier session out: its refresh token is dead, and
  // the pool now stops every password sign-in at the code.
  await expect(pool.refresh(bypass?.RefreshToken)).rejects.toMatchObject({
    name: 'NotAuthorizedException',
  });
  expect(setup.token?.refresh_token).toBeUndefined();
  const again = await pool.signIn(agent.email, agent.password);
  expect(again.AuthenticationResult).toBeUndefined();
  expect(again.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  pool.close();
}, 60_000);
