import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, test } from 'vitest';
import { AUTHENTICATOR_CACHE_S, cachedAuthenticatorCheck } from '#shared/auth/authenticator-check';
import { CognitoAuthenticatorCheck } from '#shared/auth/cognito-authenticator-check';
import { fakeAuthenticators } from '../../../support/authenticators';

describe('cachedAuthenticatorCheck', () => {
  test('a yes is trusted for 5 minutes, then the pool is asked again', async () => {
    const pool = fakeAuthenticators('agent-1');
    let now = 0;
    const check = cachedAuthenticatorCheck(pool.check(), () => now);

    const first = await check.hasAuthenticator('agent-1');
    now += (AUTHENTICATOR_CACHE_S - 1) * 1000;
    const cached = await check.hasAuthenticator('agent-1');
    now += 2000;
    const again = await check.hasAuthenticator('agent-1');

    expect([first, cached, again]).toEqual([true, true, true]);
    expect(AUTHENTICATOR_CACHE_S).toBe(300);
    expect(pool.asked).toEqual(['agent-1', 'agent-1']);
  });

  test('a no is never cached: an authenticator added a moment later lets the user in at once', async () => {
    const pool = fakeAuthenticators();
    const check = cachedAuthenticatorCheck(pool.check(), () => 0);

    const before = await check.hasAuthenticator('agent-1');
    pool.enrolled.add('agent-1');
    const after = await check.hasAuthenticator('agent-1');

    expect([before, after]).toEqual([false, true]);
    expect(pool.asked).toEqual(['agent-1', 'agent-1']);
  });
});

describe('CognitoAuthenticatorCheck', () => {
  /** A Cognito client that answers AdminGetUser with `reply` (or throws it) and records calls. */
  function cognito(reply: object | Error) {
    const calls: unknown[] = [];
    return {
      calls,
      client: {
        send: async (command: unknown) => {
          calls.push(command);
          if (reply instanceof Error) throw reply;
          return reply;
        },
      },
    };
  }
  const named = (name: string) => Object.assign(new Error(name), { name });

  test.each([
    ['an authenticator app enabled', { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }, true],
    ['an authenticator app preferred', { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' }, true],
    ['no MFA at all', {}, false],
    ['only SMS', { UserMFASettingList: ['SMS_MFA'], PreferredMfaSetting: 'SMS_MFA' }, false],
  ])('a user with %s: %s', async (_what, reply, expected) => {
    const c = cognito(reply);

    const has = await new CognitoAuthenticatorCheck(c.client, 'pool-1').hasAuthenticator('sub-1');

    expect(has).toBe(expected);
    const [call] = c.calls as AdminGetUserCommand[];
    expect(call).toBeInstanceOf(AdminGetUserCommand);
    expect(call?.input).toEqual({ UserPoolId: 'pool-1', Username: 'sub-1' });
  });

  test('a user the pool does not know has no authenticator; other errors are not swallowed', async () => {
    const gone = new CognitoAuthenticatorCheck(cognito(named('UserNotFoundException')).client, 'p');
    const down = new CognitoAuthenticatorCheck(
      cognito(named('InternalErrorException')).client,
      'p',
    );

    await expect(gone.hasAuthenticator('sub-1')).resolves.toBe(false);
    await expect(down.hasAuthenticator('sub-1')).rejects.toThrow('InternalErrorException');
  });
});
