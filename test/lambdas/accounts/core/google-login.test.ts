import { describe, expect, test, vi } from 'vitest';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import { googleLogin } from '../../../../lambdas/accounts/core/google-login';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { makeWorld, tokensFor } from '../fakes';
import type { FakeAuthenticator } from '../mfa-fakes';

const VERIFIER = 'v'.repeat(43);
const input = { code: 'g-code', code_verifier: VERIFIER };

function world() {
  const w = makeWorld();
  w.identity.googleCodes.set('g-code', {
    sub: 'google-sub',
    email: 'Grace@Example.com',
    givenName: 'Grace',
    familyName: 'Hopper',
  });
  return w;
}

describe('google_login', () => {
  test('first sign-in creates a verified profile without password and a personal organisation', async () => {
    const w = world();

    const result = await googleLogin(w.deps, w.companies, input);

    expect(result).toEqual({
      token: tokensFor('google:g-code'),
      redirect_uri: '/ss',
      stay_logged_in: true,
    });
    expect(await w.accounts.getProfile('google-sub')).toMatchObject({
      primary_email: 'grace@example.com',
      first_name: 'Grace',
      email_verified: true,
      is_registered: true,
      has_password: false,
    });
    const [membership] = await w.accounts.organizationsOf('google-sub');
    expect(membership).toMatchObject({ role: 'owner', org: { name: 'Grace Hopper' } });
  });

  test("exchanges the code with this sign-in's PKCE verifier, for the app's own /login", async () => {
    const w = world();
    const exchange = vi.spyOn(w.identity, 'exchangeCode');

    await googleLogin(w.deps, w.companies, input);

    expect(exchange).toHaveBeenCalledWith('g-code', `${w.deps.appOrigin}/login`, VERIFIER);
  });

  test.each([['staff'], ['agent']])(
    'a Google account in the %s group gets no tokens (its sign-in needs the authenticator code)',
    async (group) => {
      const w = world();
      (w.deps.mfa.authenticator as FakeAuthenticator).groups.set('google:g-code', [group]);

      await expect(googleLogin(w.deps, w.companies, input)).rejects.toMatchObject({
        status: 403,
        code: 'mfa_required',
        message: MFA_MESSAGES.googleNotForStaff,
      });
      expect(w.accounts.profiles.size).toBe(0);
    },
  );

  test('a second sign-in keeps the profile and does not add organisations', async () => {
    const w = world();
    await googleLogin(w.deps, w.companies, input);
    await w.accounts.updateProfile('google-sub', { phone: '212-555-0100' });

    await googleLogin(w.deps, w.companies, input);

    expect((await w.accounts.getProfile('google-sub'))?.phone).toBe('212-555-0100');
    expect(await w.accounts.organizationsOf('google-sub')).toHaveLength(1);
  });

  test('refuses an address that belongs to a password account', async () => {
    const w = world();
    await w.accounts.createProfile(
      newProfile({ user_id: 'sub-9', primary_email: 'grace@example.com' }, new Date()),
    );

    await expect(googleLogin(w.deps, w.companies, input)).rejects.toMatchObject({
      status: 409,
      code: 'email_taken',
    });
  });

  test('a refused code signs nobody in', async () => {
    const w = world();

    await expect(
      googleLogin(w.deps, w.companies, { ...input, code: 'forged' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(w.accounts.profiles.size).toBe(0);
  });
});
