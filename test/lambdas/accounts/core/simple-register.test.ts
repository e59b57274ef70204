import { describe, expect, test } from 'vitest';
import type { SimpleRegistration } from '#shared/contracts/signup.schema';
import { type AppError, ValidationError } from '#shared/errors';
import { sendAuthCode, verifyAuthCode } from '../../../../lambdas/accounts/core/auth-code';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { simpleRegister } from '../../../../lambdas/accounts/core/simple-register';
import { makeWorld, tokensFor, type World } from '../fakes';

const EMAIL = 'ada@example.com';
const META = { sourceIp: '203.0.113.5' };

/** Sends and checks a code; returns the proof token. */
async function proofFor(w: World, email = EMAIL): Promise<string> {
  await sendAuthCode(w.deps, email, META);
  const result = await verifyAuthCode(
    w.deps,
    { email_address: email, code: w.mailer.codeFor(email) },
    META,
  );
  if (!result.proof_token) throw new Error('no proof');
  return result.proof_token;
}

const profile = (proof_token: string, extra: Partial<SimpleRegistration> = {}) =>
  ({
    proof_token,
    first_name: 'Ada',
    last_name: 'Lovelace',
    new_password: 'ab12!cdef',
    confirm_password: 'ab12!cdef',
    accept_terms: true,
    role: 'station_owner',
    ...extra,
  }) as SimpleRegistration;

async function errorOf(promise: Promise<unknown>): Promise<AppError | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return error as AppError;
  }
}

describe('simpleRegister (simple signup profile step, spec §4 "Simple signup steps")', () => {
  test('creates a verified account with the role, a personal organisation, and signs in', async () => {
    const w = makeWorld();
    const proof = await proofFor(w);
    const mailsBefore = w.mailer.sent.length;

    const result = await simpleRegister(w.deps, w.companies, profile(proof), META);

    expect(result).toMatchObject({
      token: tokensFor('sub-1'),
      registered: true,
      email_address: EMAIL,
      stay_logged_in: true,
    });
    expect(await w.accounts.profileByEmail(EMAIL)).toMatchObject({
      user_id: 'sub-1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      user_type: 'station_owner',
      email_verified: true,
      is_registered: true,
    });
    expect(w.identity.users.get(EMAIL)?.emailVerified).toBe(true);
    expect(await w.companies.orgsOfUser('sub-1')).toHaveLength(1);
    // No second verification mail: the code already proved the mailbox.
    expect(w.mailer.sent.length).toBe(mailsBefore);
  });

  test('a proof works once', async () => {
    const w = makeWorld();
    const proof = await proofFor(w);
    await simpleRegister(w.deps, w.companies, profile(proof), META);

    const error = await errorOf(simpleRegister(w.deps, w.companies, profile(proof), META));

    expect(error).toMatchObject({ status: 400, code: 'proof_invalid', field: 'proof_token' });
    expect(w.identity.users.size).toBe(1);
  });

  test('a proof is dead after 30 minutes', async () => {
    const w = makeWorld();
    const proof = await proofFor(w);

    w.clock.advance(30 * 60);
    const error = await errorOf(simpleRegister(w.deps, w.companies, profile(proof), META));

    expect(error).toMatchObject({ code: 'proof_invalid' });
    expect(w.identity.users.size).toBe(0);
  });

  test('an unknown proof creates nothing', async () => {
    const w = makeWorld();

    const error = await errorOf(simpleRegister(w.deps, w.companies, profile('x'.repeat(43)), META));

    expect(error).toMatchObject({ code: 'proof_invalid' });
    expect(w.identity.users.size).toBe(0);
  });

  test('an address that got an account meanwhile is refused, never a second account', async () => {
    const w = makeWorld();
    const proof = await proofFor(w);
    await w.accounts.createProfile(
      newProfile({ user_id: 'sub-other', primary_email: EMAIL, email_verified: true }, new Date()),
    );

    const error = await errorOf(simpleRegister(w.deps, w.companies, profile(proof), META));

    expect(error).toMatchObject({ status: 409, code: 'email_taken', field: 'email' });
    expect(w.identity.users.size).toBe(0);
  });

  test('when the user pool refuses the password the proof stays usable', async () => {
    const w = makeWorld();
    const proof = await proofFor(w);
    const create = w.identity.createUser.bind(w.identity);
    let refuse = true;
    w.identity.createUser = async (input) => {
      if (refuse) throw new ValidationError('Password not accepted.', 'new_password');
      return create(input);
    };

    const error = await errorOf(simpleRegister(w.deps, w.companies, profile(proof), META));
    refuse = false;
    const retried = await simpleRegister(w.deps, w.companies, profile(proof), META);

    expect(error).toMatchObject({ code: 'invalid_input', field: 'new_password' });
    expect(retried).toMatchObject({ registered: true });
  });

  test('an invitation placeholder is replaced and keeps what the inviter knew', async () => {
    const w = makeWorld();
    await w.accounts.createProfile(
      newProfile(
        {
          user_id: `invite:${EMAIL}`,
          primary_email: EMAIL,
          is_registered: false,
          has_password: false,
          company: 'Engines Ltd',
        },
        new Date(),
      ),
    );
    const proof = await proofFor(w);

    await simpleRegister(w.deps, w.companies, profile(proof, { role: 'agency' }), META);

    expect(await w.accounts.profileByEmail(EMAIL)).toMatchObject({
      user_id: 'sub-1',
      company: 'Engines Ltd',
      user_type: 'agency',
      is_registered: true,
    });
  });

  test('is throttled per source address together with register', async () => {
    const w = makeWorld();
    for (let i = 0; i < 10; i++) await w.deps.limiter.hit(`register-ip:${META.sourceIp}`, 3600);
    const proof = await proofFor(w);

    const error = await errorOf(simpleRegister(w.deps, w.companies, profile(proof), META));

    expect(error).toMatchObject({ status: 429 });
    expect(w.identity.users.size).toBe(0);
  });
});
