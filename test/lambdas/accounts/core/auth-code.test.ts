import { describe, expect, test } from 'vitest';
import type { AppError } from '#shared/errors';
import {
  AUTH_CODE_LIMITS,
  peekProof,
  sendAuthCode,
  verifyAuthCode,
} from '../../../../lambdas/accounts/core/auth-code';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { verifyEmail } from '../../../../lambdas/accounts/core/verify-email';
import { makeWorld } from '../fakes';

const EMAIL = 'ada@example.com';
const META = { sourceIp: '203.0.113.5' };

/** Sends a code to EMAIL and returns it as the mailbox shows it. */
async function mailedCode(w: ReturnType<typeof makeWorld>, email = EMAIL, meta = META) {
  await sendAuthCode(w.deps, email, meta);
  return w.mailer.codeFor(email);
}

/** The error a promise rejects with, or null. */
async function errorOf(promise: Promise<unknown>): Promise<AppError | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return error as AppError;
  }
}

describe('sendAuthCode (spec §7 send_auth_code)', () => {
  test('mails a 6-character code to the address and says where it went', async () => {
    const w = makeWorld();

    const result = await sendAuthCode(w.deps, EMAIL, META);

    expect(result).toEqual({ email_address: EMAIL, verification_sent: true });
    const mail = w.mailer.lastTo(EMAIL);
    expect(mail?.subject).toMatch(/verification code/i);
    expect(mail?.text).toMatch(/code is [0-9A-Za-z]{6}\./);
    expect(mail?.text).toContain('15 minutes');
  });

  test.each([
    {
      what: 'the same address',
      target: (i: number) => ({ email: EMAIL, ip: `198.51.100.${i}` }),
      allowed: AUTH_CODE_LIMITS.mailsPerEmail,
    },
    {
      what: 'the same source address',
      target: (i: number) => ({ email: `u${i}@example.com`, ip: '192.0.2.9' }),
      allowed: AUTH_CODE_LIMITS.mailRequestsPerIp,
    },
  ])('is throttled per $what, then answers 429', async ({ target, allowed }) => {
    const w = makeWorld();
    for (let i = 0; i < allowed; i++) {
      const { email, ip } = target(i);
      await sendAuthCode(w.deps, email, { sourceIp: ip });
    }
    const { email, ip } = target(allowed);
    const sentBefore = w.mailer.sent.length;

    const error = await errorOf(sendAuthCode(w.deps, email, { sourceIp: ip }));

    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(w.mailer.sent.length).toBe(sentBefore);
  });

  test('the throttle window ends after an hour', async () => {
    const w = makeWorld();
    for (let i = 0; i < AUTH_CODE_LIMITS.mailsPerEmail; i++)
      await sendAuthCode(w.deps, EMAIL, META);

    w.clock.advance(AUTH_CODE_LIMITS.windowS);

    await expect(sendAuthCode(w.deps, EMAIL, META)).resolves.toMatchObject({
      verification_sent: true,
    });
  });
});

describe('verifyAuthCode (spec §4 "a 6-character code triggers verification")', () => {
  test('the mailed code authenticates the address and yields a proof for 30 minutes', async () => {
    const w = makeWorld();
    const code = await mailedCode(w);

    const result = await verifyAuthCode(w.deps, { email_address: EMAIL, code }, META);

    expect(result).toMatchObject({
      authenticated: true,
      email_address: EMAIL,
      has_account: false,
      proof_expires_in: 30 * 60,
    });
    expect(await peekProof(w.deps.tokens, result.proof_token ?? '')).toMatchObject({
      email: EMAIL,
    });
  });

  test('a code works once', async () => {
    const w = makeWorld();
    const code = await mailedCode(w);
    await verifyAuthCode(w.deps, { email_address: EMAIL, code }, META);

    const error = await errorOf(verifyAuthCode(w.deps, { email_address: EMAIL, code }, META));

    expect(error).toMatchObject({ status: 400, code: 'verify_failed', field: 'code' });
  });

  test('a code is dead after 15 minutes', async () => {
    const w = makeWorld();
    const code = await mailedCode(w);

    w.clock.advance(15 * 60);
    const error = await errorOf(verifyAuthCode(w.deps, { email_address: EMAIL, code }, META));

    expect(error).toMatchObject({ status: 400, code: 'verify_failed' });
  });

  test('a code still works just before 15 minutes', async () => {
    const w = makeWorld();
    const code = await mailedCode(w);

    w.clock.advance(15 * 60 - 1);

    await expect(
      verifyAuthCode(w.deps, { email_address: EMAIL, code }, META),
    ).resolves.toMatchObject({ authenticated: true });
  });

  test('a new code replaces the old one', async () => {
    const w = makeWorld();
    const first = await mailedCode(w);
    const second = await mailedCode(w);

    const error = await errorOf(
      verifyAuthCode(w.deps, { email_address: EMAIL, code: first }, META),
    );

    expect(first).not.toBe(second);
    expect(error).toMatchObject({ code: 'verify_failed' });
    await expect(
      verifyAuthCode(w.deps, { email_address: EMAIL, code: second }, META),
    ).resolves.toMatchObject({ authenticated: true });
  });

  test('five wrong guesses kill the code', async () => {
    const w = makeWorld();
    const code = await mailedCode(w);
    for (let i = 0; i < 5; i++)
      await errorOf(verifyAuthCode(w.deps, { email_address: EMAIL, code: '000000' }, META));

    const error = await errorOf(verifyAuthCode(w.deps, { email_address: EMAIL, code }, META));

    expect(error).toMatchObject({ code: 'verify_failed' });
  });

  test('checks are throttled per source address', async () => {
    const w = makeWorld();
    for (let i = 0; i < AUTH_CODE_LIMITS.checksPerIp; i++)
      await errorOf(
        verifyAuthCode(w.deps, { email_address: `u${i}@example.com`, code: '000000' }, META),
      );
    const code = await mailedCode(w, EMAIL, { sourceIp: '198.51.100.1' });

    const error = await errorOf(verifyAuthCode(w.deps, { email_address: EMAIL, code }, META));

    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
  });

  test('an address with an account is told so and gets no proof', async () => {
    const w = makeWorld();
    await w.accounts.createProfile(
      newProfile({ user_id: 'sub-9', primary_email: EMAIL, email_verified: true }, new Date()),
    );
    const code = await mailedCode(w);

    const result = await verifyAuthCode(w.deps, { email_address: EMAIL, code }, META);

    expect(result).toEqual({ authenticated: true, email_address: EMAIL, has_account: true });
  });

  test('an invitation placeholder is not an account: it gets a proof', async () => {
    const w = makeWorld();
    await w.accounts.createProfile(
      newProfile(
        { user_id: `invite:${EMAIL}`, primary_email: EMAIL, is_registered: false },
        new Date(),
      ),
    );
    const code = await mailedCode(w);

    const result = await verifyAuthCode(w.deps, { email_address: EMAIL, code }, META);

    expect(result).toMatchObject({ has_account: false, proof_token: expect.any(String) });
  });

  test('a sign-up code does not verify a registration, nor the other way round', async () => {
    const w = makeWorld();
    await w.accounts.createProfile(
      newProfile({ user_id: 'sub-9', primary_email: EMAIL, email_verified: false }, new Date()),
    );
    const signupCode = await mailedCode(w);

    const error = await errorOf(verifyEmail(w.deps, { email: EMAIL, code: signupCode }));

    expect(error).toMatchObject({ code: 'verify_failed' });
    expect((await w.accounts.profileByEmail(EMAIL))?.email_verified).toBe(false);
  });
});
