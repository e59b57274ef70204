import { describe, expect, test } from 'vitest';
import { registrationSchema } from '#shared/contracts/account.schema';
import { exchangeLoginToken } from '../../../../lambdas/accounts/core/exchange-login-token';
import { register } from '../../../../lambdas/accounts/core/register';
import { restLogin } from '../../../../lambdas/accounts/core/rest-login';
import { verifyEmail } from '../../../../lambdas/accounts/core/verify-email';
import { makeWorld, registrationBody, tokensFor, type World } from '../fakes';

const meta = { sourceIp: '198.51.100.7' };
const PASSWORD = 'ab12!cdef';
const EMAIL = 'ada@example.com';
const login = (
  w: World,
  email: string,
  password: string,
  ip = meta.sourceIp,
  unlock_token?: string,
) =>
  restLogin(
    w.deps,
    { email_address: email, password, stay_logged_in: false, unlock_token },
    { sourceIp: ip },
  );

/** What a locked account answers, whoever asks and whether or not the address has an account. */
const ACCOUNT_LOCKED = {
  status: 429,
  code: 'account_locked',
  field: 'email_address',
  message:
    "This account is locked after too many failed sign-ins. We've e-mailed its owner a link to unlock it now; otherwise try again in 15 minutes.",
};

/** Five wrong passwords from `ip`: the account is locked. */
async function lockOut(w: World, ip = '192.0.2.66') {
  for (let i = 0; i < 5; i++) await login(w, EMAIL, 'wrong1!xx', ip).catch(() => undefined);
}

/** The unlock token of the newest mail to EMAIL. */
function unlockTokenOf(w: World): string {
  const link = /\/login\?unlock=([\w-]+)/.exec(w.mailer.lastTo(EMAIL)?.text ?? '');
  if (!link?.[1]) throw new Error('no unlock link mailed');
  return link[1];
}

/** A registered user who verified the address. */
async function verifiedUser() {
  const w = makeWorld();
  await register(w.deps, w.companies, registrationSchema.parse(registrationBody()), meta);
  await verifyEmail(w.deps, { email: EMAIL, code: w.mailer.codeFor(EMAIL) });
  return w;
}

describe('rest_login', () => {
  test('answers tokens and /ss for the right password', async () => {
    const w = await verifiedUser();

    const result = await restLogin(
      w.deps,
      { email_address: EMAIL, password: PASSWORD, stay_logged_in: true },
      meta,
    );

    expect(result).toEqual({
      token: tokensFor('sub-1'),
      redirect_uri: '/ss',
      stay_logged_in: true,
    });
  });

  test('a wrong password and an unknown address get the same answer', async () => {
    const w = await verifiedUser();

    const wrong = login(w, EMAIL, 'nope12!ab');
    const unknown = login(w, 'nobody@example.com', PASSWORD);

    const expected = {
      status: 401,
      code: 'invalid_credentials',
      field: 'email_address',
      message: 'Incorrect e-mail address or password.',
    };
    await expect(wrong).rejects.toMatchObject(expected);
    await expect(unknown).rejects.toMatchObject(expected);
  });

  test('locks the account after 5 failures, even for the right password, for 15 minutes', async () => {
    const w = await verifiedUser();
    for (let i = 0; i < 5; i++)
      await expect(login(w, EMAIL, 'wrong1!xx')).rejects.toMatchObject({ status: 401 });

    const locked = login(w, EMAIL, PASSWORD);

    await expect(locked).rejects.toMatchObject(ACCOUNT_LOCKED);
    w.clock.advance(15 * 60);
    await expect(login(w, EMAIL, PASSWORD)).resolves.toMatchObject({ redirect_uri: '/ss' });
  });

  test('an unknown address is locked the same way after 5 failures', async () => {
    const w = await verifiedUser();
    for (let i = 0; i < 5; i++)
      await expect(login(w, 'ghost@example.com', 'wrong1!xx')).rejects.toMatchObject({
        status: 401,
      });

    await expect(login(w, 'ghost@example.com', 'wrong1!xx')).rejects.toMatchObject(ACCOUNT_LOCKED);
    expect(w.mailer.lastTo('ghost@example.com')).toBeUndefined();
  });

  test('a lock on one account does not lock another one', async () => {
    const w = await verifiedUser();
    for (let i = 0; i < 5; i++) await login(w, 'ghost@example.com', 'x').catch(() => undefined);

    await expect(login(w, EMAIL, PASSWORD)).resolves.toMatchObject({ redirect_uri: '/ss' });
  });

  test('locks an address after 30 failures across accounts', async () => {
    const w = await verifiedUser();
    for (let i = 0; i < 30; i++) await login(w, `u${i}@example.com`, 'x').catch(() => undefined);

    await expect(login(w, EMAIL, PASSWORD)).rejects.toMatchObject({ status: 429 });
    await expect(login(w, EMAIL, PASSWORD, '192.0.2.1')).resolves.toMatchObject({
      redirect_uri: '/ss',
    });
  });

  test('a success clears the failures of the account', async () => {
    const w = await verifiedUser();
    for (let i = 0; i < 4; i++) await login(w, EMAIL, 'x').catch(() => undefined);
    await login(w, EMAIL, PASSWORD);

    for (let i = 0; i < 4; i++) await login(w, EMAIL, 'x').catch(() => undefined);

    await expect(login(w, EMAIL, PASSWORD)).resolves.toMatchObject({ redirect_uri: '/ss' });
  });

  test('an unverified address gets no token, a new code and the verify message', async () => {
    const w = makeWorld();
    await register(w.deps, w.companies, registrationSchema.parse(registrationBody()), meta);
    const mailsBefore = w.mailer.sent.length;

    const attempt = login(w, EMAIL, PASSWORD);

    await expect(attempt).rejects.toMatchObject({
      status: 403,
      code: 'email_not_verified',
      message: "Please verify your e-mail address first. We've sent a new code to ada@example.com.",
    });
    expect(w.mailer.sent.length).toBe(mailsBefore + 1);
    expect(w.mailer.codeFor(EMAIL)).toBe('123457');
  });

  test('an unverified address gets at most 5 codes an hour: the 6th request mails nothing', async () => {
    const w = makeWorld();
    await register(w.deps, w.companies, registrationSchema.parse(registrationBody()), meta);
    for (let i = 0; i < 4; i++) await login(w, EMAIL, PASSWORD).catch(() => undefined);
    const mailed = w.mailer.sent.filter((m) => m.to === EMAIL).length;

    const sixth = login(w, EMAIL, PASSWORD);

    await expect(sixth).rejects.toMatchObject({ status: 403, code: 'email_not_verified' });
    expect(mailed).toBe(5);
    expect(w.mailer.sent.filter((m) => m.to === EMAIL)).toHaveLength(5);
    w.clock.advance(60 * 60);
    await login(w, EMAIL, PASSWORD).catch(() => undefined);
    expect(w.mailer.sent.filter((m) => m.to === EMAIL)).toHaveLength(6);
  });

  test('a white-label user is sent to their site with a single-use login token', async () => {
    const w = await verifiedUser();
    await w.accounts.updateProfile('sub-1', { wl_base_url: 'https://media.example.tv/' });

    const result = await login(w, EMAIL, PASSWORD);

    expect(result.token).toBeUndefined();
    expect(result).toMatchObject({ wl_user: true, base_url: 'https://media.example.tv' });
    const secret = new URL(result.redirect_uri).searchParams.get('login_token') ?? '';
    expect(result.redirect_uri.startsWith('https://media.example.tv/login?login_token=')).toBe(
      true,
    );
    await expect(exchangeLoginToken(w.deps, secret)).resolves.toEqual({
      token: tokensFor('sub-1'),
      redirect_uri: '/ss',
      stay_logged_in: false,
    });
    await expect(exchangeLoginToken(w.deps, secret)).rejects.toMatchObject({
      status: 401,
      code: 'invalid_token',
      message: 'This sign-in link has expired. Please log in again.',
    });
  });

  test('a white-label login token dies after 60 seconds', async () => {
    const w = await verifiedUser();
    await w.accounts.updateProfile('sub-1', { wl_base_url: 'https://media.example.tv' });
    const result = await login(w, EMAIL, PASSWORD);
    const secret = new URL(result.redirect_uri).searchParams.get('login_token') ?? '';

    w.clock.advance(61);

    await expect(exchangeLoginToken(w.deps, secret)).rejects.toMatchObject({
      code: 'invalid_token',
    });
  });
});

describe('rest_login lockout', () => {
  test('twenty parallel wrong passwords: at most 5 reach the password check', async () => {
    const w = await verifiedUser();
    const checks: string[] = [];
    const check = w.identity.passwordLogin.bind(w.identity);
    w.identity.passwordLogin = async (email, password) => {
      checks.push(password);
      return check(email, password);
    };

    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => login(w, EMAIL, `guess${i}!x`, `192.0.2.${i}`)),
    );

    expect(checks.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 'fulfilled')).toEqual([]);
    await expect(login(w, EMAIL, PASSWORD)).rejects.toMatchObject(ACCOUNT_LOCKED);
  });

  test('the owner of a locked account gets one e-mail with an unlock link per lockout', async () => {
    const w = await verifiedUser();
    const before = w.mailer.sent.length;

    await lockOut(w);
    await login(w, EMAIL, 'wrong1!xx').catch(() => undefined);
    await login(w, EMAIL, PASSWORD).catch(() => undefined);

    const mails = w.mailer.sent.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(EMAIL);
    expect(mails[0]?.text).toContain('https://app.test/login?unlock=');
    expect(mails[0]?.text).toContain('1 hour');
  });

  test('the unlock link lets the right password in from anywhere while the account is locked, once', async () => {
    const w = await verifiedUser();
    await lockOut(w);
    const token = unlockTokenOf(w);

    const unlocked = await login(w, EMAIL, PASSWORD, '203.0.113.200', token);

    expect(unlocked).toMatchObject({ redirect_uri: '/ss' });
    await expect(login(w, EMAIL, PASSWORD)).resolves.toMatchObject({ redirect_uri: '/ss' });
    await lockOut(w);
    await expect(login(w, EMAIL, PASSWORD, '203.0.113.200', token)).rejects.toMatchObject(
      ACCOUNT_LOCKED,
    );
  });

  test('an unlock link needs the right password, works for its own address only and dies after an hour', async () => {
    const w = await verifiedUser();
    await register(
      w.deps,
      w.companies,
      registrationSchema.parse(registrationBody({ email: 'eve@example.com' })),
      meta,
    );
    await lockOut(w);
    const token = unlockTokenOf(w);

    await expect(login(w, EMAIL, 'wrong1!xx', meta.sourceIp, token)).rejects.toMatchObject({
      status: 401,
    });
    for (let i = 0; i < 5; i++)
      await login(w, 'eve@example.com', 'wrong1!xx').catch(() => undefined);
    await expect(login(w, 'eve@example.com', PASSWORD, meta.sourceIp, token)).rejects.toMatchObject(
      ACCOUNT_LOCKED,
    );
    w.clock.advance(60 * 60);
    await lockOut(w);
    await expect(login(w, EMAIL, PASSWORD, meta.sourceIp, token)).rejects.toMatchObject(
      ACCOUNT_LOCKED,
    );
  });
});
