import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, callRoute, resetRoutes, setAuth } from '../../../web/src/api/client';
import { loginDestination } from '../../../web/src/auth/login-result';

const TOKENS = { id_token: 'i', access_token: 'a', expires_in: 3600 };

describe('where a login leads (no open redirects, white-label leaves the app)', () => {
  test.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '//evil.example',
    '/\\evil',
    'https://evil.example',
    'javascript:alert(1)',
    '/%2F%2Fevil.example',
    '',
  ])('a next of %j stays on the site (/ss)', (next) => {
    vi.stubGlobal('window', { location: { origin: 'https://app.example' } });
    expect(loginDestination({ token: TOKENS, redirect_uri: '/ss' }, next)).toEqual({
      kind: 'app',
      path: '/ss',
    });
    vi.unstubAllGlobals();
  });

  test('tokens stay in the app: next wins over redirect_uri, /ss by default', () => {
    vi.stubGlobal('window', { location: { origin: 'https://app.example' } });
    expect(loginDestination({ token: TOKENS, redirect_uri: '/ss' }, '/ss/account')).toEqual({
      kind: 'app',
      path: '/ss/account',
    });
    expect(loginDestination({ token: TOKENS, redirect_uri: 'https://x.example' }, null)).toEqual({
      kind: 'app',
      path: '/ss',
    });
    vi.unstubAllGlobals();
  });

  test('a white-label answer leaves for base_url with the single-use login token', () => {
    vi.stubGlobal('window', { location: { origin: 'https://app.example' } });
    expect(
      loginDestination({
        redirect_uri: '/login?login_token=abc',
        base_url: 'https://brand.example',
        wl_user: true,
      }),
    ).toEqual({ kind: 'external', href: 'https://brand.example/login?login_token=abc' });
    expect(() => loginDestination({ redirect_uri: '/ss' })).toThrow();
    vi.unstubAllGlobals();
  });
});

describe('the API client carries the ID token and reacts to 401', () => {
  afterEach(() => {
    setAuth(null);
    vi.unstubAllGlobals();
  });

  test('every call sends Authorization: Bearer; a 401 calls the handler', async () => {
    resetRoutes();
    const headers: Array<Record<string, string>> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      headers.push((init?.headers ?? {}) as Record<string, string>);
      const body =
        url === '/ss_rest/routes'
          ? { success: true, result: { get_session: { method: 'GET', path: '/s' } } }
          : { success: false, error: { code: 'unauthenticated', message: 'Please log in.' } };
      return new Response(JSON.stringify(body), { status: url === '/s' ? 401 : 200 });
    });
    const unauthorized = vi.fn();
    setAuth(async (name) => (name === 'routes' ? null : 'jwt-1'), unauthorized);

    await expect(callRoute('get_session')).rejects.toBeInstanceOf(ApiError);

    expect(headers[0]?.authorization).toBeUndefined();
    expect(headers[1]?.authorization).toBe('Bearer jwt-1');
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });
});
