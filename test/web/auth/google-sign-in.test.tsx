// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { GoogleButton } from '../../../web/src/auth/google-button';
import { startGoogleSignIn } from '../../../web/src/auth/google-sign-in';
import { LoginPage } from '../../../web/src/auth/login-page';
import { storeLoginTokens } from '../../../web/src/auth/session';
import { fakeApi, ok } from './fake-api';
import { renderAt } from './render-at';

vi.mock('../../../web/src/auth/session', async () =>
  (await import('./session-mock')).signedOutSession(),
);

const AUTHORIZE =
  'https://auth.example/oauth2/authorize?identity_provider=Google&response_type=code&client_id=c1';
const TOKENS = { id_token: 'id.jwt', access_token: 'acc.jwt', expires_in: 3600 };

const base64url = (bytes: Buffer) => bytes.toString('base64url');

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(storeLoginTokens).mockClear();
});

describe('starting Google sign-in (state and PKCE S256)', () => {
  test('the authorize URL carries a random state and an S256 code challenge of a kept verifier', async () => {
    const first = new URL(await startGoogleSignIn(AUTHORIZE, '/ss/account'));
    const kept = JSON.parse(sessionStorage.getItem('ao.google') ?? '{}');
    const second = new URL(await startGoogleSignIn(AUTHORIZE, null));

    expect(first.origin + first.pathname).toBe('https://auth.example/oauth2/authorize');
    expect(first.searchParams.get('client_id')).toBe('c1');
    expect(first.searchParams.get('code_challenge_method')).toBe('S256');
    expect(first.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kept.state).toBe(first.searchParams.get('state'));
    expect(kept.verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(first.searchParams.get('code_challenge')).toBe(
      base64url(createHash('sha256').update(kept.verifier).digest()),
    );
    expect(kept.next).toBe('/ss/account');
    expect(second.searchParams.get('state')).not.toBe(first.searchParams.get('state'));
    expect(second.searchParams.get('code_challenge')).not.toBe(
      first.searchParams.get('code_challenge'),
    );
    // Only this tab keeps the secrets.
    expect(localStorage.length).toBe(0);
  });

  test('the Google button leaves for the authorize URL with state and challenge', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt(
      '/login',
      '/login',
      <GoogleButton config={{ google: { authorize_url: AUTHORIZE } } as never} />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));

    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(String(assign.mock.calls[0]?.[0]));
    expect(url.searchParams.get('state')).toBe(
      JSON.parse(sessionStorage.getItem('ao.google') ?? '{}').state,
    );
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });
});

describe("Google's return to /login", () => {
  test.each([
    ['a wrong state', 'forged-state'],
    ['no state', null],
  ])('%s is refused with a message and google_login is never called', async (_label, state) => {
    await startGoogleSignIn(AUTHORIZE, null);
    const calls = fakeApi({ google_login: ok({ token: TOKENS, redirect_uri: '/ss' }) }, [
      'google_login',
    ]);
    const query = state ? `code=g-code&state=${state}` : 'code=g-code';

    renderAt(`/login?${query}`, '/login', <LoginPage />);

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Google sign-in could not be confirmed',
    );
    expect(calls.filter((c) => c.name === 'google_login')).toEqual([]);
    expect(storeLoginTokens).not.toHaveBeenCalled();
    // The pending sign-in is spent: a replay with the right state fails too.
    expect(sessionStorage.getItem('ao.google')).toBeNull();
  });

  test('a return that never started in this tab is refused', async () => {
    const calls = fakeApi({ google_login: ok({ token: TOKENS, redirect_uri: '/ss' }) }, [
      'google_login',
    ]);

    renderAt('/login?code=g-code&state=abc', '/login', <LoginPage />);

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Google sign-in could not be confirmed',
    );
    expect(calls.filter((c) => c.name === 'google_login')).toEqual([]);
  });

  test('the matching state sends the code with its verifier and lands on the kept next', async () => {
    const state = new URL(await startGoogleSignIn(AUTHORIZE, '/ss/account')).searchParams.get(
      'state',
    );
    const { verifier } = JSON.parse(sessionStorage.getItem('ao.google') ?? '{}');
    const calls = fakeApi({ google_login: ok({ token: TOKENS, redirect_uri: '/ss' }) }, [
      'google_login',
    ]);

    renderAt(`/login?code=g-code&state=${state}`, '/login', <LoginPage />);

    expect((await screen.findByTestId('landed')).textContent).toBe('/ss/account');
    expect(calls.filter((c) => c.name === 'google_login').map((c) => c.body)).toEqual([
      { code: 'g-code', code_verifier: verifier },
    ]);
    expect(sessionStorage.getItem('ao.google')).toBeNull();
  });
});
