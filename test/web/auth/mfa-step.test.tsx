// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import { LoginPage } from '../../../web/src/auth/login-page';
import { storeLoginTokens } from '../../../web/src/auth/session';
import { fail, fakeApi, ok } from './fake-api';
import { renderAt } from './render-at';

vi.mock('../../../web/src/auth/session', async () =>
  (await import('./session-mock')).signedOutSession(),
);

const TOKENS = { id_token: 'id.jwt', access_token: 'acc.jwt', expires_in: 3600 };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SESSION = 'mfa-session-0123456789abcdefghij';
const SETUP = {
  redirect_uri: '/ss',
  stay_logged_in: false,
  mfa: {
    step: 'setup',
    session: SESSION,
    secret: SECRET,
    otpauth_uri: `otpauth://totp/AnalyticOwl:agent%40example.com?issuer=AnalyticOwl&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`,
  },
};
const CHALLENGE = {
  redirect_uri: '/ss',
  stay_logged_in: true,
  mfa: { step: 'challenge', session: SESSION },
};
const ROUTES = ['mfa_setup', 'mfa_challenge'];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(storeLoginTokens).mockClear();
});

/** Logs in with the password on /login (with `next`). */
function logIn() {
  renderAt('/login?next=%2Fcall-centre', '/login', <LoginPage />);
  fireEvent.change(screen.getByLabelText('E-mail or username'), {
    target: { value: 'agent@example.com' },
  });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret12!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

const codeField = () => screen.findByLabelText('6-digit code');

describe('the authenticator step of a staff or agent sign-in', () => {
  test('setup shows the QR code, the key as text and a one-time-code field, and no tokens yet', async () => {
    fakeApi({ rest_login: ok(SETUP) }, ROUTES);
    logIn();

    const field = await codeField();

    expect(screen.getByRole('heading', { name: 'Set up two-step sign-in' }).tagName).toMatch(
      /^H\d$/,
    );
    expect(
      await screen.findByRole('img', { name: /QR code that adds AnalyticOwl/ }),
    ).toHaveProperty('src', expect.stringMatching(/^data:image\/svg\+xml/));
    // The key as text in groups of four, as authenticator apps ask for it, for whoever cannot
    // scan the QR code.
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP').tagName).toBe('CODE');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(storeLoginTokens).not.toHaveBeenCalled();
  });

  test('a wrong code says so and keeps the step; the right one stores the tokens and goes on', async () => {
    let tries = 0;
    const calls = fakeApi({ rest_login: ok(SETUP) }, ROUTES);
    const answers = [
      fail(401, 'mfa_code_wrong', MFA_MESSAGES.wrongCode, 'code'),
      ok({ token: TOKENS, redirect_uri: '/ss', stay_logged_in: false }),
    ];
    const fetchFake = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url !== '/ss_rest/mfa_setup') return fetchFake(url, init);
      calls.push({ name: 'mfa_setup', body: JSON.parse(String(init?.body)) });
      const answer = answers[tries++] ?? answers[1];
      return new Response(JSON.stringify(answer?.body), { status: answer?.status });
    });
    logIn();

    fireEvent.change(await codeField(), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on and log in' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'That code is not right. Codes change every 30 seconds.',
    );
    fireEvent.change(await codeField(), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on and log in' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/call-centre');
    expect(calls.filter((c) => c.name === 'mfa_setup').map((c) => c.body)).toEqual([
      { session: SESSION, code: '111111' },
      { session: SESSION, code: '123456' },
    ]);
    expect(storeLoginTokens).toHaveBeenCalledWith(TOKENS, 'agent@example.com', false);
  });

  test('the challenge asks for the code and sends it to mfa_challenge', async () => {
    const calls = fakeApi(
      {
        rest_login: ok(CHALLENGE),
        mfa_challenge: ok({ token: TOKENS, redirect_uri: '/ss', stay_logged_in: true }),
      },
      ROUTES,
    );
    logIn();

    expect(
      await screen.findByRole('heading', { name: 'Enter your authenticator code' }),
    ).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.change(await codeField(), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByTestId('landed')).textContent).toBe('/call-centre');
    expect(calls.find((c) => c.name === 'mfa_challenge')?.body).toEqual({
      session: SESSION,
      code: '654321',
    });
    expect(storeLoginTokens).toHaveBeenCalledWith(TOKENS, 'agent@example.com', true);
  });

  test('a code that is not 6 digits is refused in the browser', async () => {
    const calls = fakeApi({ rest_login: ok(CHALLENGE) }, ROUTES);
    logIn();

    fireEvent.change(await codeField(), { target: { value: '12a45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(MFA_MESSAGES.code)).toBeTruthy();
    expect(calls.filter((c) => c.name === 'mfa_challenge')).toEqual([]);
  });

  test('an expired or used-up step goes back to the password with the reason', async () => {
    fakeApi(
      {
        rest_login: ok(CHALLENGE),
        mfa_challenge: fail(401, 'mfa_session_expired', MFA_MESSAGES.tooManyCodes),
      },
      ROUTES,
    );
    logIn();

    fireEvent.change(await codeField(), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toContain(MFA_MESSAGES.tooManyCodes);
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
  });
});
