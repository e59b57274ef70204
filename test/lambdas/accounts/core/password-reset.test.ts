import { describe, expect, test } from 'vitest';
import { registrationSchema } from '#shared/contracts/account.schema';
import { changePassword } from '../../../../lambdas/accounts/core/change-password';
import { register } from '../../../../lambdas/accounts/core/register';
import { resetPassword } from '../../../../lambdas/accounts/core/reset-password';
import { restLogin } from '../../../../lambdas/accounts/core/rest-login';
import { makeWorld, registrationBody, tokensFor, type World } from '../fakes';

const meta = { sourceIp: '198.51.100.7' };
const EMAIL = 'ada@example.com';
const NEW = 'zz99$newpw';
const INVALID = {
  status: 400,
  code: 'invalid_token',
  field: 'token',
  message: 'This reset link has expired or was already used. Please request a new one.',
};

async function registered() {
  const w = makeWorld();
  await register(w.deps, w.companies, registrationSchema.parse(registrationBody()), meta);
  return w;
}
const change = (w: World, token: string) =>
  changePassword(w.deps, { token, new_password: NEW, confirm_password: NEW });

describe('reset_password and change_password', () => {
  test('mails a reset link; the link sets the password, verifies the address and signs in', async () => {
    const w = await registered();

    const answer = await resetPassword(w.deps, EMAIL, meta);
    const token = w.mailer.resetTokenFor(EMAIL);
    const result = await change(w, token);

    expect(answer).toEqual({ message: 'Password Reset. Please check your email.' });
    expect(w.mailer.lastTo(EMAIL)?.text).toContain(`https://app.test/reset-password?xrg=${token}`);
    expect(result).toEqual({ token: tokensFor('sub-1'), redirect_uri: '/ss' });
    expect(w.identity.users.get(EMAIL)?.password).toBe(NEW);
    expect((await w.accounts.getProfile('sub-1'))?.email_verified).toBe(true);
    await expect(
      restLogin(w.deps, { email_address: EMAIL, password: NEW, stay_logged_in: false }, meta),
    ).resolves.toMatchObject({ redirect_uri: '/ss' });
  });

  test('a reset token works once', async () => {
    const w = await registered();
    await resetPassword(w.deps, EMAIL, meta);
    const token = w.mailer.resetTokenFor(EMAIL);
    await change(w, token);

    await expect(change(w, token)).rejects.toMatchObject(INVALID);
  });

  test('a reset token expires after 1 hour', async () => {
    const w = await registered();
    await resetPassword(w.deps, EMAIL, meta);
    const token = w.mailer.resetTokenFor(EMAIL);

    w.clock.advance(3600);

    await expect(change(w, token)).rejects.toMatchObject(INVALID);
    expect(w.identity.users.get(EMAIL)?.password).toBe('ab12!cdef');
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const w = await registered();
    const before = w.mailer.sent.length;

    const answer = await resetPassword(w.deps, 'ghost@example.com', meta);

    expect(answer).toEqual({ message: 'Password Reset. Please check your email.' });
    expect(w.mailer.sent.length).toBe(before);
  });

  test('allows 5 reset mails per address per hour', async () => {
    const w = await registered();
    for (let i = 0; i < 5; i++) await resetPassword(w.deps, EMAIL, meta);

    await expect(resetPassword(w.deps, EMAIL, meta)).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
    });
  });

  test('a reset unlocks an account locked by failed logins', async () => {
    const w = await registered();
    const login = (password: string) =>
      restLogin(w.deps, { email_address: EMAIL, password, stay_logged_in: false }, meta);
    for (let i = 0; i < 5; i++) await login('bad').catch(() => undefined);
    await resetPassword(w.deps, EMAIL, meta);

    await change(w, w.mailer.resetTokenFor(EMAIL));

    await expect(login(NEW)).resolves.toMatchObject({ redirect_uri: '/ss' });
  });
});
