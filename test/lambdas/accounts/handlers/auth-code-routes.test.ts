import { describe, expect, test } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/contracts/account.schema';
import { ROUTES } from '#shared/routes';
import { verifyEmail } from '../../../../lambdas/accounts/core/verify-email';
import * as sendAuthCode from '../../../../lambdas/accounts/handlers/send-auth-code.handler';
import * as simpleRegister from '../../../../lambdas/accounts/handlers/simple-register.handler';
import * as verifyAuthCode from '../../../../lambdas/accounts/handlers/verify-auth-code.handler';
import { makeWorld, registrationBody, tokensFor, type World } from '../fakes';
import { call, callAs, routes } from './route-calls';

const signup = (w: World) => ({
  ...routes(w),
  send: sendAuthCode.makeHandler(() => w.runtime),
  check: verifyAuthCode.makeHandler(() => w.runtime),
  create: simpleRegister.makeHandler(() => w.runtime),
});

const PROFILE = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  new_password: 'ab12!cdef',
  confirm_password: 'ab12!cdef',
  accept_terms: true,
  role: 'rep',
};

describe('simple signup routes', () => {
  test('send_auth_code -> verify_auth_code -> simple_register -> get_session', async () => {
    const w = makeWorld();
    const r = signup(w);

    const sent = await call(r.send, { email_address: '  Ada@Example.COM ' });
    const checked = await call(r.check, {
      email_address: 'ada@example.com',
      code: w.mailer.codeFor('ada@example.com'),
    });
    const proof = (checked.result as { proof_token: string }).proof_token;
    const created = await call(r.create, { ...PROFILE, proof_token: proof });
    const session = await callAs(r.session, 'sub-1', 'ada@example.com');

    expect(sent).toMatchObject({
      status: 200,
      result: { email_address: 'ada@example.com', verification_sent: true },
    });
    expect(checked).toMatchObject({
      status: 200,
      result: { authenticated: true, has_account: false },
    });
    expect(created).toMatchObject({
      status: 200,
      result: { token: tokensFor('sub-1'), registered: true },
    });
    expect(session).toMatchObject({
      result: { primary_email: 'ada@example.com', user_type: 'rep', email_verified: true },
    });
  });

  test('send_auth_code: a malformed address answers 400 with the spec message', async () => {
    const r = signup(makeWorld());

    const res = await call(r.send, { email_address: 'not-an-email' });

    expect(res).toMatchObject({
      status: 400,
      error: { field: 'email_address', message: ACCOUNT_MESSAGES.emailInvalid },
    });
  });

  test('send_auth_code: the 6th mail to one address within an hour answers 429', async () => {
    const w = makeWorld();
    const r = signup(w);
    for (let i = 0; i < 5; i++)
      await call(r.send, { email_address: 'ada@example.com' }, `10.0.0.${i}`);

    const res = await call(r.send, { email_address: 'ada@example.com' }, '10.0.0.99');

    expect(res).toMatchObject({ status: 429, error: { code: 'rate_limited' } });
  });

  test('verify_auth_code: a code that is not 6 characters answers 400 on code', async () => {
    const r = signup(makeWorld());

    const res = await call(r.check, { email_address: 'ada@example.com', code: '12345' });

    expect(res).toMatchObject({
      status: 400,
      error: { field: 'code', message: ACCOUNT_MESSAGES.code },
    });
  });

  test('verify_auth_code: an address with a verified account gets has_account and no proof', async () => {
    const w = makeWorld();
    const r = signup(w);
    await call(r.register, registrationBody());
    await verifyEmail(w.deps, {
      email: 'ada@example.com',
      code: w.mailer.codeFor('ada@example.com'),
    });
    await call(r.send, { email_address: 'ada@example.com' });

    const res = await call(r.check, {
      email_address: 'ada@example.com',
      code: w.mailer.codeFor('ada@example.com'),
    });

    expect(res).toMatchObject({ status: 200, result: { has_account: true } });
    expect(res.result).not.toHaveProperty('proof_token');
  });

  test('simple_register: a weak password answers 400 and keeps the proof', async () => {
    const w = makeWorld();
    const r = signup(w);
    await call(r.send, { email_address: 'ada@example.com' });
    const checked = await call(r.check, {
      email_address: 'ada@example.com',
      code: w.mailer.codeFor('ada@example.com'),
    });
    const proof = (checked.result as { proof_token: string }).proof_token;

    const weak = await call(r.create, {
      ...PROFILE,
      new_password: 'password',
      confirm_password: 'password',
      proof_token: proof,
    });
    const strong = await call(r.create, { ...PROFILE, proof_token: proof });

    expect(weak).toMatchObject({
      status: 400,
      error: { field: 'new_password', message: ACCOUNT_MESSAGES.passwordWeak },
    });
    expect(strong).toMatchObject({ status: 200 });
  });

  test('simple_register: without a proof answers 400, not 401 (the page stays put)', async () => {
    const r = signup(makeWorld());

    const res = await call(r.create, { ...PROFILE, proof_token: 'y'.repeat(43) });

    expect(res).toMatchObject({ status: 400, error: { code: 'proof_invalid' } });
  });

  test('the three routes are public account routes with the access they use', () => {
    const byName = new Map(ROUTES.map((route) => [route.name as string, route]));

    expect(byName.get('send_auth_code')).toMatchObject({
      method: 'POST',
      path: '/ss_rest/send_auth_code',
      auth: 'public',
      handler: 'lambdas/accounts/handlers/send-auth-code.handler.ts',
    });
    expect(byName.get('verify_auth_code')?.auth).toBe('public');
    expect(byName.get('simple_register')?.access).toContain('identity:admin');
  });
});
