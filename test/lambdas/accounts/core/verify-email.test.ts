import { describe, expect, test } from 'vitest';
import { registrationSchema } from '#shared/contracts/account.schema';
import { finishRegistration } from '../../../../lambdas/accounts/core/finish-registration';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { register } from '../../../../lambdas/accounts/core/register';
import { sendVerifyEmail } from '../../../../lambdas/accounts/core/send-verify-email';
import { verifyEmail } from '../../../../lambdas/accounts/core/verify-email';
import { makeWorld, registrationBody, tokensFor, type World } from '../fakes';

const meta = { sourceIp: '198.51.100.7' };
const EMAIL = 'ada@example.com';
const FAILED = {
  status: 400,
  code: 'verify_failed',
  message: 'There has been a problem verifying your E-Mail Address, please try to verify again',
};

async function registered() {
  const w = makeWorld();
  await register(w.deps, w.companies, registrationSchema.parse(registrationBody()), meta);
  return w;
}

/** An invited address: a placeholder profile without an account, and a code mailed to it. */
async function invited() {
  const w = makeWorld();
  const placeholder = newProfile(
    {
      user_id: 'invite:bob@example.com',
      primary_email: 'bob@example.com',
      first_name: 'Bob',
      last_name: 'Stone',
      is_registered: false,
      has_password: false,
    },
    new Date('2026-11-01T00:00:00Z'),
  );
  await w.accounts.createProfile(placeholder);
  await sendVerifyEmail(w.deps, 'bob@example.com', meta);
  return w;
}

const finish = (w: World, code: string) =>
  finishRegistration(w.deps, w.companies, {
    email: 'bob@example.com',
    code,
    new_password: 'xy34#pqrs',
    confirm_password: 'xy34#pqrs',
  });

describe('verify_email', () => {
  test('the mailed code verifies the address in the profile and the user pool', async () => {
    const w = await registered();

    const result = await verifyEmail(w.deps, { email: EMAIL, code: w.mailer.codeFor(EMAIL) });

    expect(result).toEqual({
      verified: true,
      registered: true,
      has_pass: true,
      needs_password: false,
    });
    expect((await w.accounts.getProfile('sub-1'))?.email_verified).toBe(true);
    expect(w.identity.users.get(EMAIL)?.emailVerified).toBe(true);
  });

  test('a code works once', async () => {
    const w = await registered();
    const code = w.mailer.codeFor(EMAIL);
    await verifyEmail(w.deps, { email: EMAIL, code });

    await expect(verifyEmail(w.deps, { email: EMAIL, code })).rejects.toMatchObject(FAILED);
  });

  test('a wrong code fails with the spec message, and 5 wrong guesses kill the code', async () => {
    const w = await registered();
    const code = w.mailer.codeFor(EMAIL);
    for (let i = 0; i < 5; i++)
      await expect(verifyEmail(w.deps, { email: EMAIL, code: '000000' })).rejects.toMatchObject(
        FAILED,
      );

    await expect(verifyEmail(w.deps, { email: EMAIL, code })).rejects.toMatchObject(FAILED);
  });

  test('a code expires after 24 hours', async () => {
    const w = await registered();
    const code = w.mailer.codeFor(EMAIL);

    w.clock.advance(24 * 3600);

    await expect(verifyEmail(w.deps, { email: EMAIL, code })).rejects.toMatchObject(FAILED);
  });

  test('a resent code replaces the old one', async () => {
    const w = await registered();
    const first = w.mailer.codeFor(EMAIL);

    await sendVerifyEmail(w.deps, EMAIL, meta);

    await expect(verifyEmail(w.deps, { email: EMAIL, code: first })).rejects.toMatchObject(FAILED);
    await expect(
      verifyEmail(w.deps, { email: EMAIL, code: w.mailer.codeFor(EMAIL) }),
    ).resolves.toMatchObject({ verified: true });
  });

  test('an invited address asks for a password and keeps the code for it', async () => {
    const w = await invited();
    const code = w.mailer.codeFor('bob@example.com');

    const result = await verifyEmail(w.deps, { email: 'bob@example.com', code });

    expect(result).toEqual({
      verified: false,
      registered: false,
      has_pass: false,
      needs_password: true,
    });
    await expect(finish(w, code)).resolves.toMatchObject({ redirect_uri: '/ss' });
  });
});

describe('send_verify_email', () => {
  test('answers the same for unknown, verified and unverified addresses; mails only the last', async () => {
    const w = await registered();
    await w.accounts.createProfile(
      newProfile(
        { user_id: 'v', primary_email: 'v@example.com', email_verified: true },
        new Date(),
      ),
    );
    const before = w.mailer.sent.length;

    const answers = await Promise.all(
      ['ghost@example.com', 'v@example.com', EMAIL].map((e) => sendVerifyEmail(w.deps, e, meta)),
    );

    expect(new Set(answers.map((a) => a.message))).toEqual(
      new Set(["If that address has an account, we've sent it a new code."]),
    );
    expect(w.mailer.sent.slice(before).map((m) => m.to)).toEqual([EMAIL]);
  });

  test('allows 5 mails per address per hour', async () => {
    const w = await registered();
    for (let i = 0; i < 5; i++) await sendVerifyEmail(w.deps, 'ghost@example.com', meta);

    await expect(sendVerifyEmail(w.deps, 'ghost@example.com', meta)).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
    });
  });
});

describe('finish_registration', () => {
  test('turns the invitation into a verified account keyed by the new user and signs in', async () => {
    const w = await invited();

    const result = await finish(w, w.mailer.codeFor('bob@example.com'));

    expect(result).toEqual({
      token: tokensFor('sub-1'),
      redirect_uri: '/ss',
      stay_logged_in: false,
      registered: true,
    });
    expect(await w.accounts.getProfile('invite:bob@example.com')).toBeNull();
    expect(await w.accounts.profileByEmail('bob@example.com')).toMatchObject({
      user_id: 'sub-1',
      first_name: 'Bob',
      email_verified: true,
      is_registered: true,
      has_password: true,
      created_at: '2026-11-01T00:00:00.000Z',
    });
    expect(w.identity.users.get('bob@example.com')).toMatchObject({
      password: 'xy34#pqrs',
      emailVerified: true,
    });
    const [membership] = await w.accounts.organizationsOf('sub-1');
    expect(membership).toMatchObject({ role: 'owner', org: { name: 'Bob Stone' } });
  });

  test('a wrong code changes nothing', async () => {
    const w = await invited();

    await expect(finish(w, '999999')).rejects.toMatchObject(FAILED);

    expect(w.identity.users.size).toBe(0);
    expect(await w.accounts.getProfile('invite:bob@example.com')).not.toBeNull();
  });

  test('the code cannot finish twice', async () => {
    const w = await invited();
    const code = w.mailer.codeFor('bob@example.com');
    await finish(w, code);

    await expect(finish(w, code)).rejects.toMatchObject(FAILED);
  });
});
