// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '#shared/contracts/account.schema';
import { ResetPasswordPage } from '../../../web/src/auth/reset-password-page';
import { storeLoginTokens } from '../../../web/src/auth/session';
import { RESENT_MESSAGE, VerifyEmailPage } from '../../../web/src/auth/verify-email-page';
import { fail, fakeApi, ok } from './fake-api';
import { renderAt } from './render-at';

vi.mock('../../../web/src/auth/session', () => ({
  storeLoginTokens: vi.fn(async () => undefined),
  currentIdToken: vi.fn(async () => null),
  hasSession: vi.fn(async () => false),
}));

const TOKENS = { id_token: 'id.jwt', access_token: 'acc.jwt', expires_in: 3600 };
const LINK = '/verify-email?email=Ann%40Example.com&code=AB12CD';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(storeLoginTokens).mockClear();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('verify e-mail page (spec §4 "Email verification", §8)', () => {
  test('with e-mail and code in the link it verifies at once and asks to log in', async () => {
    const calls = fakeApi({ verify_email: ok({ verified: true, needs_password: false }) });
    renderAt(LINK, '/verify-email', <VerifyEmailPage />);

    expect((await screen.findByRole('status')).textContent).toBe('E-mail verified. Please log in.');
    expect(calls).toEqual([
      { name: 'verify_email', body: { email: 'ann@example.com', code: 'AB12CD' } },
    ]);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?email=ann%40example.com',
    );
  });

  test('needs_password shows the set-password form, which finishes the registration', async () => {
    const calls = fakeApi({
      verify_email: ok({ verified: true, needs_password: true }),
      finish_registration: ok({ token: TOKENS, redirect_uri: '/ss' }),
    });
    renderAt(LINK, '/verify-email', <VerifyEmailPage />);

    await screen.findByLabelText('New password');
    fireEvent.click(screen.getByRole('button', { name: 'Set password and log in' }));
    expect(await screen.findByText(M.loginPassword)).toBeTruthy();
    type('New password', 'simple');
    type('Confirm password', 'simple');
    fireEvent.click(screen.getByRole('button', { name: 'Set password and log in' }));
    expect(await screen.findByText(M.passwordWeak)).toBeTruthy();
    type('New password', 'abc12!xy');
    type('Confirm password', 'abc12!xy');
    fireEvent.click(screen.getByRole('button', { name: 'Set password and log in' }));

    expect((await screen.findByTestId('landed')).textContent).toBe('/ss');
    expect(calls.find((c) => c.name === 'finish_registration')?.body).toEqual({
      email: 'ann@example.com',
      code: 'AB12CD',
      new_password: 'abc12!xy',
      confirm_password: 'abc12!xy',
    });
    expect(storeLoginTokens).toHaveBeenCalledWith(TOKENS, 'ann@example.com', false);
  });

  test('a failed verification shows the spec message, and resend confirms neutrally', async () => {
    const calls = fakeApi({
      verify_email: fail(400, 'invalid_code', 'Wrong code.'),
      send_verify_email: ok({}),
    });
    renderAt(LINK, '/verify-email', <VerifyEmailPage />);

    expect((await screen.findByRole('alert')).textContent).toContain(M.verifyFailed);
    fireEvent.click(screen.getByRole('button', { name: 'Resend the code' }));

    expect((await screen.findByRole('status')).textContent).toBe(RESENT_MESSAGE);
    expect(calls.at(-1)).toEqual({
      name: 'send_verify_email',
      body: { email: 'ann@example.com' },
    });
  });

  test('without a code it shows the code form and checks the code length', async () => {
    const calls = fakeApi({});
    renderAt('/verify-email?email=ann%40example.com', '/verify-email', <VerifyEmailPage />);

    type('Verification code', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Verify e-mail' }));

    expect(await screen.findByText(M.code)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('reset password page (spec §2 reset-password ?xrg)', () => {
  test('sets the new password with the link token and lands in /ss', async () => {
    const token = 'x'.repeat(32);
    const calls = fakeApi({ change_password: ok({ token: TOKENS, redirect_uri: '/ss' }) });
    renderAt(`/reset-password?xrg=${token}`, '/reset-password', <ResetPasswordPage />);

    type('New password', 'abc12!xy');
    type('Confirm password', 'abc12!xy');
    fireEvent.click(screen.getByRole('button', { name: 'Set password and log in' }));

    expect((await screen.findByTestId('landed')).textContent).toBe('/ss');
    expect(calls[0]).toEqual({
      name: 'change_password',
      body: { token, new_password: 'abc12!xy', confirm_password: 'abc12!xy' },
    });
  });

  test('a link without its token explains and points to log in', () => {
    renderAt('/reset-password', '/reset-password', <ResetPasswordPage />);

    expect(screen.getByRole('alert').textContent).toBe(M.resetToken);
    expect(screen.getByRole('link', { name: 'Go to log in' })).toBeTruthy();
  });
});
