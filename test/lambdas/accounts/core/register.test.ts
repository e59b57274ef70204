import { describe, expect, test } from 'vitest';
import { registrationSchema } from '#shared/contracts/account.schema';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { register } from '../../../../lambdas/accounts/core/register';
import { verifyEmail } from '../../../../lambdas/accounts/core/verify-email';
import { makeWorld, registrationBody } from '../fakes';

const meta = { sourceIp: '203.0.113.9' };
const parsed = (overrides: Record<string, unknown> = {}) =>
  registrationSchema.parse(registrationBody(overrides));

describe('register', () => {
  test('creates an unverified account, a personal organisation, and mails a code and link', async () => {
    const w = makeWorld();

    const result = await register(w.deps, w.companies, parsed(), meta);

    expect(result).toEqual({ email: 'ada@example.com', verification_sent: true });
    const profile = await w.accounts.profileByEmail('ada@example.com');
    expect(profile).toMatchObject({
      user_id: 'sub-1',
      first_name: 'Ada',
      phone: '212-555-0100',
      url: 'engines.example.com',
      years_experience: 3,
      email_verified: false,
      is_registered: true,
      has_password: true,
    });
    expect(await w.accounts.organizationsOf('sub-1')).toEqual([
      expect.objectContaining({
        role: 'owner',
        org: expect.objectContaining({ name: 'Analytical Engines', email: 'ada@example.com' }),
      }),
    ]);
    const mail = w.mailer.lastTo('ada@example.com');
    expect(mail?.text).toContain('Your verification code is 123456.');
    expect(mail?.text).toContain(
      'https://app.test/verify-email?email=ada%40example.com&code=123456',
    );
  });

  test('a rep without a company gets an organisation named after them', async () => {
    const w = makeWorld();

    await register(
      w.deps,
      w.companies,
      parsed({ user_type: 'rep', markets: ['501'], company: '', url: '', industry_id: '' }),
      meta,
    );

    const [membership] = await w.accounts.organizationsOf('sub-1');
    expect(membership?.org.name).toBe('Ada Lovelace');
  });

  test('refuses an address that a verified account holds, on the email field', async () => {
    const w = makeWorld();
    await register(w.deps, w.companies, parsed(), meta);
    await verifyEmail(w.deps, {
      email: 'ada@example.com',
      code: w.mailer.codeFor('ada@example.com'),
    });

    const again = register(w.deps, w.companies, parsed({ first_name: 'Eve' }), meta);

    await expect(again).rejects.toMatchObject({
      status: 409,
      code: 'email_taken',
      field: 'email',
      message: 'An account with this e-mail address already exists. Log in or reset your password.',
    });
    expect(w.identity.users.size).toBe(1);
  });

  test('replaces an invitation placeholder for the address', async () => {
    const w = makeWorld();
    const placeholder = newProfile(
      {
        user_id: 'invite:ada@example.com',
        primary_email: 'ada@example.com',
        is_registered: false,
        has_password: false,
        default_report_tab: 'broadcast',
      },
      new Date(),
    );
    await w.accounts.createProfile(placeholder);

    await register(w.deps, w.companies, parsed(), meta);

    expect(await w.accounts.getProfile('invite:ada@example.com')).toBeNull();
    expect(await w.accounts.profileByEmail('ada@example.com')).toMatchObject({
      user_id: 'sub-1',
      is_registered: true,
      default_report_tab: 'broadcast',
    });
  });

  test('allows 10 registrations per address per hour, then answers 429', async () => {
    const w = makeWorld();
    for (let i = 0; i < 10; i++)
      await register(w.deps, w.companies, parsed({ email: `u${i}@example.com` }), meta);

    const eleventh = register(w.deps, w.companies, parsed({ email: 'u10@example.com' }), meta);
    await expect(eleventh).rejects.toMatchObject({ status: 429, code: 'rate_limited' });

    w.clock.advance(3600);
    await expect(
      register(w.deps, w.companies, parsed({ email: 'u11@example.com' }), meta),
    ).resolves.toMatchObject({ verification_sent: true });
  });
});
