// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { resetRoutes, setAuth } from '../../../web/src/api/client';
import {
  currentIdToken,
  logOut,
  resetAuthConfig,
  STAY_KEY,
  storeLoginTokens,
} from '../../../web/src/auth/session';

const CLIENT_ID = 'client123';

/** An unsigned JWT with the given claims (Amplify only decodes it in the browser). */
function jwt(claims: Record<string, unknown>): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(claims)}.sig`;
}

const exp = Math.floor(Date.now() / 1000) + 3600;
const TOKENS = {
  id_token: jwt({ sub: 'u1', 'cognito:username': 'ann@example.com', exp, iat: exp - 3600 }),
  access_token: jwt({ sub: 'u1', username: 'ann@example.com', exp, iat: exp - 3600 }),
  refresh_token: 'refresh-1',
  expires_in: 3600,
};

beforeEach(() => {
  resetRoutes();
  resetAuthConfig();
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal('fetch', async (url: string) => {
    const result =
      url === '/ss_rest/routes'
        ? { auth_config: { method: 'GET', path: '/ss_rest/auth_config' } }
        : {
            user_pool_id: 'local_pool1',
            user_pool_client_id: CLIENT_ID,
            user_pool_endpoint: '/_cognito',
            region: 'us-east-1',
            google: null,
          };
    return new Response(JSON.stringify({ success: true, result }), { status: 200 });
  });
});
afterEach(() => {
  setAuth(null);
  vi.unstubAllGlobals();
});

/** Storage keys Amplify wrote for this app client. */
const keysIn = (storage: Storage) =>
  Object.keys(storage).filter((k) => k.startsWith(`CognitoIdentityServiceProvider.${CLIENT_ID}`));

describe('the browser session (Amplify token store)', () => {
  test('"Stay logged in" keeps the tokens in localStorage; the ID token is handed out', async () => {
    await storeLoginTokens(TOKENS, 'ann@example.com', true);

    expect(await currentIdToken()).toBe(TOKENS.id_token);
    expect(localStorage.getItem(STAY_KEY)).toBe('1');
    expect(keysIn(localStorage).length).toBeGreaterThan(0);
    expect(keysIn(sessionStorage)).toEqual([]);
  });

  test('without it the tokens live in sessionStorage only, and log out clears them', async () => {
    await storeLoginTokens(TOKENS, 'ann@example.com', false);

    expect(await currentIdToken()).toBe(TOKENS.id_token);
    expect(keysIn(localStorage)).toEqual([]);
    expect(keysIn(sessionStorage).length).toBeGreaterThan(0);

    await logOut();

    expect(await currentIdToken()).toBeNull();
    expect(keysIn(sessionStorage).filter((k) => k.endsWith('idToken'))).toEqual([]);
  });
});
