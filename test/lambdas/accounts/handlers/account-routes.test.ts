import { describe, expect, test } from 'vitest';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { makeWorld, registrationBody, tokensFor } from '../fakes';
import { call, callAs, routes } from './route-calls';

const EMAIL = 'ada@example.com';
const PASSWORD = 'ab12!cdef';

describe('account routes', () => {
  test('register -> verify_email -> rest_login -> get_session', async () => {
    const w = makeWorld();
    const r = routes(w);

    const registered = await call(r.register, registrationBody());
    const verified = await call(r.verify, { email: EMAIL, code: w.mailer.codeFor(EMAIL) });
    const loggedIn = await call(r.login, { email_address: EMAIL, password: PASSWORD });
    const session = await callAs(r.session, 'sub-1', EMAIL);

    expect(registered).toMatchObject({
      status: 200,
      success: true,
      result: { email: EMAIL, verification_sent: true },
    });
    expect(verified).toMatchObject({ status: 200, result: { verified: true } });
    expect(loggedIn).toMatchObject({
      status: 200,
      result: { token: tokensFor('sub-1'), redirect_uri: '/ss' },
    });
    expect(session).toMatchObject({
      status: 200,
      result: { user_id: 'sub-1', email_verified: true, missing_info: [] },
    });
  });

  test('register: a weak password answers 400 on new_password with the spec message', async () => {
    const r = routes(makeWorld());

    const res = await call(
      r.register,
      registrationBody({ new_password: 'password', confirm_password: 'password' }),
    );

    expect(res).toMatchObject({
      status: 400,
      success: false,
      error: {
        code: 'invalid_input',
        field: 'new_password',
        message:
          'Please make a more complicated password. Must be 8 characters with 2 letters, 2 digits, 1 Symbol. Or just login with Google.',
      },
    });
  });

  test('register: an e-mail a verified account holds answers 409 on the email field', async () => {
    const w = makeWorld();
    const r = routes(w);
    await call(r.register, registrationBody());
    await call(r.verify, { email: 'ada@example.com', code: w.mailer.codeFor('ada@example.com') });

    const res = await call(r.register, registrationBody());

    expect(res).toMatchObject({ status: 409, error: { code: 'email_taken', field: 'email' } });
  });

  test('register: the throttle counts per source address', async () => {
    const w = makeWorld();
    const r = routes(w);
    for (let i = 0; i < 10; i++)
      await call(r.register, registrationBody({ email: `u${i}@example.com` }), '192.0.2.1');

    const sameIp = await call(
      r.register,
      registrationBody({ email: 'x@example.com' }),
      '192.0.2.1',
    );
    const otherIp = await call(
      r.register,
      registrationBody({ email: 'y@example.com' }),
      '192.0.2.2',
    );

    expect(sameIp).toMatchObject({ status: 429, error: { code: 'rate_limited' } });
    expect(otherIp.status).toBe(200);
  });

  test('rest_login: wrong password answers 401 marking email_address; empty fields 400', async () => {
    const r = routes(makeWorld());

    const wrong = await call(r.login, { email_address: EMAIL, password: 'nope' });
    const empty = await call(r.login, { email_address: '', password: 'x' });

    expect(wrong).toMatchObject({
      status: 401,
      error: { code: 'invalid_credentials', field: 'email_address' },
    });
    expect(empty).toMatchObject({
      status: 400,
      error: { field: 'email_address', message: 'Please enter an e-mail address' },
    });
  });

  test('rest_login: an unverified account answers 403 without a token', async () => {
    const w = makeWorld();
    const r = routes(w);
    await call(r.register, registrationBody());

    const res = await call(r.login, { username: EMAIL, password: PASSWORD });

    expect(res).toMatchObject({ status: 403, error: { code: 'email_not_verified' } });
    expect(res.result).toBeUndefined();
  });

  test('rest_login: a locked account answers 429 account_locked; its mailed unlock link signs the owner in', async () => {
    const w = makeWorld();
    const r = routes(w);
    await call(r.register, registrationBody());
    await call(r.verify, { email: EMAIL, code: w.mailer.codeFor(EMAIL) });
    for (let i = 0; i < 5; i++)
      await call(r.login, { email_address: EMAIL, password: 'wrong1!xx' }, '192.0.2.66');

    const locked = await call(r.login, { email_address: EMAIL, password: PASSWORD });
    const unlock = /\/login\?unlock=([\w-]+)/.exec(w.mailer.lastTo(EMAIL)?.text ?? '')?.[1];
    const unlocked = await call(r.login, {
      email_address: EMAIL,
      password: PASSWORD,
      unlock_token: unlock,
    });

    expect(locked).toMatchObject({
      status: 429,
      error: { code: 'account_locked', field: 'email_address' },
    });
    expect(locked.error?.message).toMatch(/locked .* e-mailed its owner a link to unlock it/);
    expect(unlocked).toMatchObject({ status: 200, result: { redirect_uri: '/ss' } });
  });

  test('exchange_login_token: an unknown token answers 401 invalid_token', async () => {
    const r = routes(makeWorld());

    const res = await call(r.exchange, { login_token: 'x'.repeat(43) });

    expect(res).toMatchObject({ status: 401, error: { code: 'invalid_token' } });
  });

  test('reset_password -> change_password signs in once; the link then answers 400 on token', async () => {
    const w = makeWorld();
    const r = routes(w);
    await call(r.register, registrationBody());

    const reset = await call(r.reset, { email: EMAIL });
    const body = {
      token: w.mailer.resetTokenFor(EMAIL),
      new_password: 'zz99$newpw',
      confirm_password: 'zz99$newpw',
    };
    const first = await call(r.change, body);
    const second = await call(r.change, body);

    expect(reset).toMatchObject({
      status: 200,
      result: { message: 'Password Reset. Please check your email.' },
    });
    expect(first).toMatchObject({ status: 200, result: { redirect_uri: '/ss' } });
    expect(second).toMatchObject({ status: 400, error: { code: 'invalid_token', field: 'token' } });
  });

  test('send_verify_email answers 200 for an unknown address', async () => {
    const r = routes(makeWorld());

    const res = await call(r.resend, { email: 'ghost@example.com' });

    expect(res).toMatchObject({ status: 200, result: { message: expect.any(String) } });
  });

  test('verify_email: a wrong code answers 400 with the spec message on code', async () => {
    const w = makeWorld();
    const r = routes(w);
    await call(r.register, registrationBody());

    const res = await call(r.verify, { email: EMAIL, code: '000000' });

    expect(res).toMatchObject({
      status: 400,
      error: {
        code: 'verify_failed',
        field: 'code',
        message:
          'There has been a problem verifying your E-Mail Address, please try to verify again',
      },
    });
  });

  test('finish_registration completes an invitation and answers registered with a token', async () => {
    const w = makeWorld();
    const r = routes(w);
    await w.accounts.createProfile(
      newProfile(
        {
          user_id: 'invite:bob@example.com',
          primary_email: 'bob@example.com',
          is_registered: false,
          has_password: false,
        },
        new Date(),
      ),
    );
    await call(r.resend, { email: 'bob@example.com' });

    const res = await call(r.finish, {
      email: 'bob@example.com',
      code: w.mailer.codeFor('bob@example.com'),
      new_password: 'xy34#pqrs',
      confirm_password: 'xy34#pqrs',
    });

    expect(res).toMatchObject({
      status: 200,
      result: { registered: true, token: tokensFor('sub-1'), redirect_uri: '/ss' },
    });
  });

  test('google_login answers tokens; a refused code answers 401; no PKCE verifier answers 400', async () => {
    const w = makeWorld();
    const r = routes(w);
    w.identity.googleCodes.set('g', {
      sub: 'g-sub',
      email: 'grace@example.com',
      givenName: 'Grace',
      familyName: 'Hopper',
    });
    const code_verifier = 'v'.repeat(43);

    const ok = await call(r.google, { code: 'g', code_verifier });
    const refused = await call(r.google, { code: 'forged', code_verifier });
    const unproven = await call(r.google, { code: 'g', redirect_uri: 'https://app.test/login' });

    expect(ok).toMatchObject({ status: 200, result: { redirect_uri: '/ss' } });
    expect(refused.status).toBe(401);
    expect(unproven.status).toBe(400);
  });
});
