import { describe, expect, test } from 'vitest';
import { registrationSchema } from '#shared/contracts/account.schema';
import type { SimpleRegistration } from '#shared/contracts/signup.schema';
import { sendAuthCode, verifyAuthCode } from '../../../../lambdas/accounts/core/auth-code';
import { changePassword } from '../../../../lambdas/accounts/core/change-password';
import { finishRegistration } from '../../../../lambdas/accounts/core/finish-registration';
import { register } from '../../../../lambdas/accounts/core/register';
import { resetPassword } from '../../../../lambdas/accounts/core/reset-password';
import { restLogin } from '../../../../lambdas/accounts/core/rest-login';
import { simpleRegister } from '../../../../lambdas/accounts/core/simple-register';
import { verifyEmail } from '../../../../lambdas/accounts/core/verify-email';
import { makeWorld, registrationBody, type World } from '../fakes';

// A squatter registers someone else's address with their own password before the owner does.
const EMAIL = 'owner@example.com';
const SQUATTER = 'squat12!pw';
const OWNER = 'owner34#pw';
const meta = { sourceIp: '198.51.100.7' };

const registerAs = (w: World, password: string, first_name: string) =>
  register(
    w.deps,
    w.companies,
    registrationSchema.parse(
      registrationBody({
        email: EMAIL,
        first_name,
        new_password: password,
        confirm_password: password,
      }),
    ),
    meta,
  );
const login = (w: World, password: string) =>
  restLogin(w.deps, { email_address: EMAIL, password, stay_logged_in: false }, meta);

async function squatted() {
  const w = makeWorld();
  await registerAs(w, SQUATTER, 'Mallory');
  return w;
}

describe('an address registered by someone else before its owner verified it', () => {
  test('the owner can register it again: the later details win and the squatter is signed out', async () => {
    const w = await squatted();

    const again = await registerAs(w, OWNER, 'Olive');

    expect(again).toEqual({ email: EMAIL, verification_sent: true });
    expect(w.identity.users.size).toBe(1);
    expect(await w.accounts.profileByEmail(EMAIL)).toMatchObject({
      first_name: 'Olive',
      email_verified: false,
    });
    await expect(login(w, SQUATTER)).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(w.identity.signedOut).toContain(EMAIL);
  });

  test('after a second registration, verifying asks whoever holds the mailbox for the password', async () => {
    const w = await squatted();
    await registerAs(w, OWNER, 'Olive');
    // The squatter registers again after the owner, so the newest code verifies their password.
    await registerAs(w, SQUATTER, 'Mallory');
    const code = w.mailer.codeFor(EMAIL);

    const verified = await verifyEmail(w.deps, { email: EMAIL, code });
    const signedIn = await finishRegistration(w.deps, w.companies, {
      email: EMAIL,
      code,
      new_password: 'mine56%pw',
      confirm_password: 'mine56%pw',
    });

    expect(verified).toMatchObject({ verified: false, needs_password: true });
    expect(signedIn.token).toBeDefined();
    await expect(login(w, SQUATTER)).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(login(w, 'mine56%pw')).resolves.toMatchObject({ redirect_uri: '/ss' });
  });

  test('a verified address is still refused', async () => {
    const w = await squatted();
    await verifyEmail(w.deps, { email: EMAIL, code: w.mailer.codeFor(EMAIL) });

    await expect(registerAs(w, OWNER, 'Olive')).rejects.toMatchObject({
      status: 409,
      code: 'email_taken',
    });
  });

  test('the short sign-up proves the mailbox and replaces the squatter outright', async () => {
    const w = await squatted();
    await sendAuthCode(w.deps, EMAIL, meta);

    const checked = await verifyAuthCode(
      w.deps,
      { email_address: EMAIL, code: w.mailer.codeFor(EMAIL) },
      meta,
    );
    const result = await simpleRegister(
      w.deps,
      w.companies,
      {
        proof_token: checked.proof_token ?? '',
        first_name: 'Olive',
        last_name: 'Owner',
        new_password: OWNER,
        confirm_password: OWNER,
        accept_terms: true,
        role: 'self',
      } as SimpleRegistration,
      meta,
    );

    expect(checked.has_account).toBe(false);
    expect(result).toMatchObject({ registered: true, email_address: EMAIL });
    expect(w.identity.users.size).toBe(1);
    expect(await w.accounts.profileByEmail(EMAIL)).toMatchObject({
      first_name: 'Olive',
      email_verified: true,
    });
    await expect(login(w, SQUATTER)).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(w.identity.signedOut).toContain(EMAIL);
  });
});

describe('proving the mailbox signs every earlier session out', () => {
  test('verify_email', async () => {
    const w = await squatted();

    await verifyEmail(w.deps, { email: EMAIL, code: w.mailer.codeFor(EMAIL) });

    expect(w.identity.signedOut).toEqual([EMAIL]);
  });

  test('change_password from a reset link', async () => {
    const w = await squatted();
    await resetPassword(w.deps, EMAIL, meta);

    await changePassword(w.deps, {
      token: w.mailer.resetTokenFor(EMAIL),
      new_password: OWNER,
      confirm_password: OWNER,
    });

    expect(w.identity.signedOut).toEqual([EMAIL]);
    await expect(login(w, SQUATTER)).rejects.toMatchObject({ code: 'invalid_credentials' });
  });

  test('finish_registration', async () => {
    const w = await squatted();
    await registerAs(w, OWNER, 'Olive');
    const code = w.mailer.codeFor(EMAIL);
    w.identity.signedOut.length = 0;

    await finishRegistration(w.deps, w.companies, {
      email: EMAIL,
      code,
      new_password: OWNER,
      confirm_password: OWNER,
    });

    expect(w.identity.signedOut).toEqual([EMAIL]);
  });
});
