// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/contracts/account.schema';
import { LoginBox } from '../../../web/src/auth/login-box';
import { LoginPage } from '../../../web/src/auth/login-page';
import { storeLoginTokens } from '../../../web/src/auth/session';
import { fail, fakeApi, ok } from './fake-api';
import { renderAt } from './render-at';

vi.mock('../../../web/src/auth/session', async () =>
  (await import('./session-mock')).signedOutSession(),
);

const TOKENS = {
  id_token: 'id.jwt',
  access_token: 'acc.jwt',
  refresh_token: 'r',
  expires_in: 3600,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(storeLoginTokens).mockClear();
});

function fillLogin(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail or username'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('login box (spec §5 "Login manual", §8 login error)', () => {
  test('empty fields show the spec messages and nothing is sent', async () => {
    const calls = fakeApi({});
    render(
      <MemoryRouter>
        <LoginBox />
      </MemoryRouter>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.loginEmail)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.loginPassword)).toBeTruthy();
    expect(screen.getByLabelText('E-mail or username').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  test('a refused login shows the server message and marks the e-mail field', async () => {
    fakeApi({ rest_login: fail(401, 'bad_credentials', 'Incorrect e-mail or password.') });
    renderAt('/login', '/login', <LoginBox />);

    fillLogin('Ann@Example.com', 'wrong-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Incorrect e-mail or password.');
    expect(screen.getByLabelText('E-mail or username').getAttribute('aria-invalid')).toBe('true');
  });

  test('an unverified account is offered the verify page for that address', async () => {
    fakeApi({ rest_login: fail(403, 'email_not_verified', 'Please verify your e-mail first.') });
    renderAt('/login', '/login', <LoginBox />);

    fillLogin('ann@example.com', 'Secret12!');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const link = await screen.findByRole('link', { name: 'Verify your e-mail address' });
    expect(link.getAttribute('href')).toBe('/verify-email?email=ann%40example.com');
  });

  test('a good login stores the tokens and goes to the next page', async () => {
    const calls = fakeApi({ rest_login: ok({ token: TOKENS, redirect_uri: '/ss' }) });
    renderAt('/login?next=%2Fss%2Faccount', '/login', <LoginPage />);

    fillLogin(' Ann@Example.com ', 'Secret12!');
    fireEvent.click(screen.getByLabelText('Stay logged in'));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByTestId('landed')).textContent).toBe('/ss/account');
    expect(calls.find((c) => c.name === 'rest_login')?.body).toEqual({
      email_address: 'ann@example.com',
      password: 'Secret12!',
      stay_logged_in: true,
    });
    expect(storeLoginTokens).toHaveBeenCalledWith(TOKENS, 'ann@example.com', true);
  });
});

describe('login page', () => {
  test('the reset sub-panel sends the address and shows the spec success text', async () => {
    const calls = fakeApi({ reset_password: ok({}) });
    renderAt('/login', '/login', <LoginPage />);

    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetEmail)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail address'), {
      target: { value: 'Ann@Example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByRole('status')).textContent).toBe(ACCOUNT_MESSAGES.resetSent);
    expect(calls.filter((c) => c.name === 'reset_password').map((c) => c.body)).toEqual([
      { email: 'ann@example.com' },
    ]);
  });

  test('a failed reset shows the spec failure text with the server message', async () => {
    fakeApi({ reset_password: fail(429, 'rate_limited', 'Too many requests.') });
    renderAt('/login', '/login', <LoginPage />);

    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(await screen.findByLabelText('E-mail address'), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Unable to Reset Password. Please check your E-Mail address',
    );
    expect(alert.textContent).toContain('Too many requests.');
  });

  test('an unlock link says so, fills the address and signs in past the lock with its token', async () => {
    const calls = fakeApi({ rest_login: ok({ token: TOKENS, redirect_uri: '/ss' }) });
    renderAt('/login?unlock=abc-123_XYZ&email=ann%40example.com', '/login', <LoginPage />);

    expect(
      await screen.findByText(/log in with your password to unlock your account/i),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret12!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByTestId('landed')).textContent).toBe('/ss');
    expect(calls.find((c) => c.name === 'rest_login')?.body).toEqual({
      email_address: 'ann@example.com',
      password: 'Secret12!',
      stay_logged_in: false,
      unlock_token: 'abc-123_XYZ',
    });
  });

  test('a locked account is told so, and that an unlock link was e-mailed', async () => {
    fakeApi({
      rest_login: fail(
        429,
        'account_locked',
        "This account is locked after too many failed sign-ins. We've e-mailed its owner a link to unlock it now; otherwise try again in 15 minutes.",
        'email_address',
      ),
    });
    renderAt('/login', '/login', <LoginPage />);

    fillLogin('ann@example.com', 'Secret12!');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/account is locked/);
    expect(alert.textContent).toMatch(/e-mailed its owner a link to unlock it/);
  });

  test('Google sign-in is disabled with a note when the server has no Google set up', async () => {
    fakeApi({});
    renderAt('/login', '/login', <LoginPage />);

    await waitFor(() => expect(screen.getByText(/Google sign-in isn't set up/)).toBeTruthy());
    const google = screen.getByRole('button', { name: 'Sign in with Google' }) as HTMLButtonElement;
    expect(google.disabled).toBe(true);
  });
});
