import { describe, expect, test, vi } from 'vitest';
import { registrationSchema } from '#shared/contracts/account.schema';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import { changePassword } from '../../../../lambdas/accounts/core/change-password';
import { MFA_LIMITS } from '../../../../lambdas/accounts/core/mfa-sign-in';
import { answerMfaChallenge, confirmMfaSetup } from '../../../../lambdas/accounts/core/mfa-verify';
import { register } from '../../../../lambdas/accounts/core/register';
import { resetPassword } from '../../../../lambdas/accounts/core/reset-password';
import { restLogin } from '../../../../lambdas/accounts/core/rest-login';
import { verifyEmail } from '../../../../lambdas/accounts/core/verify-email';
import { makeWorld, registrationBody, tokensFor } from '../fakes';
import { totpCode, withMfa } from '../mfa-fakes';

const EMAIL = 'ada@example.com';
const PASSWORD = 'ab12!cdef';
const SUB = 'sub-1';
const meta = { sourceIp: '198.51.100.7' };

/** A verified account (Cognito sub `sub-1`) in the given groups, with the two-step sign-in. */
async function account(groups: string[] = []) {
  const w = withMfa(makeWorld());
  await register(w.deps, w.companies, registrationSchema.parse(registrationBody()), meta);
  await verifyEmail(w.deps, { email: EMAIL, code: w.mailer.codeFor(EMAIL) });
  w.authenticator.groups.set(SUB, groups);
  return w;
}
type W = Awaited<ReturnType<typeof account>>;

const login = (w: W, stay = false) =>
  restLogin(w.deps, { email_address: EMAIL, password: PASSWORD, stay_logged_in: stay }, meta);

/** The code the user's authenticator shows now. */
const codeNow = (w: W) => totpCode(w.authenticator.secrets.get(SUB)?.secret ?? '', w.deps.now());

/** A code that is never right at the world's time. */
const wrongCode = (w: W) => String((Number(codeNow(w)) + 500_000) % 1_000_000).padStart(6, '0');

/** Signs in and adds the authenticator; the account then has MFA on. */
async function enrolled(groups: string[]) {
  const w = await account(groups);
  const setup = (await login(w)).mfa;
  await confirmMfaSetup(w.deps, { session: setup?.session ?? '', code: codeNow(w) });
  return w;
}

const stepOf = (result: LoginResult) => result.mfa;

describe('two-step sign-in for staff and agents', () => {
  test('a customer signs in with the password alone', async () => {
    const w = await account([]);

    const result = await login(w);

    expect(result).toEqual({ token: tokensFor(SUB), redirect_uri: '/ss', stay_logged_in: false });
  });

  test.each([['agent'], ['staff']])(
    'a member of %s without an authenticator gets the setup step and no tokens',
    async (group) => {
      const w = await account([group]);

      const result = await login(w);

      expect(result.token).toBeUndefined();
      expect(result.mfa).toMatchObject({
        step: 'setup',
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      });
      const uri = new URL(result.mfa?.otpauth_uri ?? '');
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toBe(`/AnalyticOwl:${EMAIL}`);
      expect(uri.searchParams.get('secret')).toBe(result.mfa?.secret);
      expect(uri.searchParams.get('issuer')).toBe('AnalyticOwl');
      expect(uri.searchParams.get('digits')).toBe('6');
      expect(uri.searchParams.get('period')).toBe('30');
    },
  );

  test('the first right code turns the authenticator on, signs every earlier session out, then hands out the tokens', async () => {
    const w = await account(['agent']);
    const step = stepOf(await login(w, true));
    const signedOutBefore = w.identity.signedOut.length;
    const order: string[] = [];
    const confirm = w.authenticator.confirmSetup.bind(w.authenticator);
    w.authenticator.confirmSetup = async (token, code) => {
      order.push('confirm');
      return confirm(token, code);
    };
    const signOut = w.identity.signOutEverywhere.bind(w.identity);
    w.identity.signOutEverywhere = async (email) => {
      order.push(`sign out ${email}`);
      return signOut(email);
    };

    const result = await confirmMfaSetup(w.deps, {
      session: step?.session ?? '',
      code: codeNow(w),
    });

    // The sign-out revoked the sign-in's refresh token too: only its ID and access tokens go out.
    const { refresh_token: _revoked, ...live } = tokensFor(SUB);
    expect(result).toEqual({ token: live, redirect_uri: '/ss', stay_logged_in: true });
    expect(w.authenticator.secrets.get(SUB)?.enrolled).toBe(true);
    expect(order).toEqual(['confirm', `sign out ${EMAIL}`]);
    expect(w.identity.signedOut.slice(signedOutBefore)).toEqual([EMAIL]);
  });

  test('a wrong setup code signs nobody out', async () => {
    const w = await account(['agent']);
    const step = stepOf(await login(w));
    const signedOutBefore = w.identity.signedOut.length;

    await expect(
      confirmMfaSetup(w.deps, { session: step?.session ?? '', code: wrongCode(w) }),
    ).rejects.toMatchObject({ code: 'mfa_code_wrong' });

    expect(w.identity.signedOut.length).toBe(signedOutBefore);
  });

  test('with an authenticator the password leads to the challenge; tokens only after the code', async () => {
    const w = await enrolled(['staff']);

    const first = await login(w);
    const wrong = answerMfaChallenge(w.deps, {
      session: first.mfa?.session ?? '',
      code: wrongCode(w),
    });

    expect(first).toEqual({
      redirect_uri: '/ss',
      stay_logged_in: false,
      mfa: { step: 'challenge', session: expect.any(String) },
    });
    await expect(wrong).rejects.toMatchObject({
      status: 401,
      code: 'mfa_code_wrong',
      field: 'code',
      message: MFA_MESSAGES.wrongCode,
    });
    await expect(
      answerMfaChallenge(w.deps, { session: first.mfa?.session ?? '', code: codeNow(w) }),
    ).resolves.toEqual({ token: tokensFor(SUB), redirect_uri: '/ss', stay_logged_in: false });
  });

  test('a customer who has an authenticator is challenged too (Cognito asks for it)', async () => {
    const w = await enrolled(['agent']);
    w.authenticator.groups.set(SUB, []);

    expect(stepOf(await login(w))?.step).toBe('challenge');
  });

  test('the fifth wrong code ends the step: even the right code is refused after it', async () => {
    const w = await enrolled(['agent']);
    const session = stepOf(await login(w))?.session ?? '';
    for (let i = 1; i < MFA_LIMITS.codesPerSession; i++)
      await expect(
        answerMfaChallenge(w.deps, { session, code: wrongCode(w) }),
      ).rejects.toMatchObject({ code: 'mfa_code_wrong' });

    const fifth = answerMfaChallenge(w.deps, { session, code: wrongCode(w) });

    await expect(fifth).rejects.toMatchObject({
      status: 401,
      code: 'mfa_session_expired',
      message: MFA_MESSAGES.tooManyCodes,
    });
    await expect(answerMfaChallenge(w.deps, { session, code: codeNow(w) })).rejects.toMatchObject({
      code: 'mfa_session_expired',
    });
  });

  test('parallel guesses on one step are counted one by one: at most 5 reach Cognito', async () => {
    const w = await account(['agent']);
    const session = stepOf(await login(w))?.session ?? '';
    const checked = vi.spyOn(w.authenticator, 'confirmSetup');

    const guesses = await Promise.allSettled(
      Array.from({ length: 20 }, () => confirmMfaSetup(w.deps, { session, code: wrongCode(w) })),
    );

    expect(checked).toHaveBeenCalledTimes(MFA_LIMITS.codesPerSession);
    expect(guesses.every((g) => g.status === 'rejected')).toBe(true);
  });

  test('a step works once: the same session cannot sign in twice', async () => {
    const w = await enrolled(['staff']);
    const session = stepOf(await login(w))?.session ?? '';
    await answerMfaChallenge(w.deps, { session, code: codeNow(w) });

    await expect(answerMfaChallenge(w.deps, { session, code: codeNow(w) })).rejects.toMatchObject({
      code: 'mfa_session_expired',
      message: MFA_MESSAGES.expired,
    });
  });

  test('a challenge step lives 3 minutes, a setup step 10', async () => {
    const w = await enrolled(['staff']);
    const challenge = stepOf(await login(w))?.session ?? '';
    w.clock.advance(MFA_LIMITS.challengeTtlS);

    await expect(
      answerMfaChallenge(w.deps, { session: challenge, code: codeNow(w) }),
    ).rejects.toMatchObject({ code: 'mfa_session_expired' });
    const fresh = await account(['agent']);
    const setup = stepOf(await login(fresh))?.session ?? '';
    fresh.clock.advance(MFA_LIMITS.setupTtlS);
    await expect(
      confirmMfaSetup(fresh.deps, { session: setup, code: codeNow(fresh) }),
    ).rejects.toMatchObject({ code: 'mfa_session_expired' });
  });

  test('a setup session cannot answer a challenge, nor a made-up one anything', async () => {
    const w = await account(['agent']);
    const setup = stepOf(await login(w))?.session ?? '';

    await expect(
      answerMfaChallenge(w.deps, { session: setup, code: codeNow(w) }),
    ).rejects.toMatchObject({ code: 'mfa_session_expired' });
    await expect(
      confirmMfaSetup(w.deps, { session: 'made-up-session-000000000000', code: '123456' }),
    ).rejects.toMatchObject({ code: 'mfa_session_expired' });
  });

  test('10 wrong codes within 15 minutes refuse new steps until the window ends', async () => {
    const w = await enrolled(['agent']);
    for (let round = 0; round < 2; round++) {
      const session = stepOf(await login(w))?.session ?? '';
      for (let i = 0; i < MFA_LIMITS.codesPerSession; i++)
        await answerMfaChallenge(w.deps, { session, code: wrongCode(w) }).catch(() => undefined);
    }

    await expect(login(w)).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    w.clock.advance(MFA_LIMITS.windowS);
    expect(stepOf(await login(w))?.step).toBe('challenge');
  });

  test.each([
    ['without an authenticator', false],
    ['with an authenticator', true],
  ])('a password reset of an agent %s hands out no tokens', async (_label, withCode) => {
    const w = withCode ? await enrolled(['agent']) : await account(['agent']);
    await resetPassword(w.deps, EMAIL, meta);
    const token = w.mailer.resetTokenFor(EMAIL);
    const NEW = 'xy34#pqrs';

    const changed = changePassword(w.deps, { token, new_password: NEW, confirm_password: NEW });

    await expect(changed).rejects.toMatchObject({ status: 403, code: 'mfa_required' });
    const next = await restLogin(
      w.deps,
      { email_address: EMAIL, password: NEW, stay_logged_in: false },
      meta,
    );
    expect(next.token).toBeUndefined();
    expect(next.mfa?.step).toBe(withCode ? 'challenge' : 'setup');
  });
});
