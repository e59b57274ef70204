import { describe, expect, test } from 'vitest';
import { registrationSchema } from '#shared/contracts/account.schema';
import { finishRegistration } from '../../../../lambdas/accounts/core/finish-registration';
import { createPendingClient } from '../../../../lambdas/accounts/core/pending-client';
import { register } from '../../../../lambdas/accounts/core/register';
import { verifyEmail } from '../../../../lambdas/accounts/core/verify-email';
import { makeWorld, registrationBody, type World } from '../fakes';

const meta = { sourceIp: '198.51.100.7' };
const EMAIL = 'ada@example.com';
/** What the landing preview sends: Bars (IAB 1003) in New York (DMA 501). */
const PENDING = { website: 'www.joes-bar.example.com', industry_id: '1003', market: '501' };

const registerWith = (w: World, overrides: Record<string, unknown> = {}) =>
  register(
    w.deps,
    w.companies,
    registrationSchema.parse(registrationBody({ pending_client: PENDING, ...overrides })),
    meta,
  );

const verify = (w: World, email = EMAIL) =>
  verifyEmail(w.deps, { email, code: w.mailer.codeFor(email) }, w.companies);

/** The clients of every organisation the address's user belongs to. */
async function clientsOf(w: World, email: string) {
  const profile = await w.accounts.profileByEmail(email);
  if (!profile) return [];
  const orgs = await w.companies.orgsOfUser(profile.user_id);
  return (await Promise.all(orgs.map((org) => w.companies.listClientsOfOrg(org)))).flat();
}

describe('the pending client of a landing-preview registration', () => {
  test('is created in the new account’s own organisation once the e-mail is verified', async () => {
    const w = makeWorld();
    await registerWith(w);
    expect(await clientsOf(w, EMAIL)).toEqual([]);

    await verify(w);

    const profile = await w.accounts.profileByEmail(EMAIL);
    const clients = await clientsOf(w, EMAIL);
    expect(clients).toHaveLength(1);
    expect(clients[0]).toMatchObject({
      name: 'joes-bar.example.com',
      website: 'www.joes-bar.example.com',
      industry_id: '1003',
      market: '501',
      sample_data: false,
      demo: false,
    });
    const roles = await w.companies.rolesOfUser(profile?.user_id ?? '');
    expect(roles.get(clients[0]?.org_uid ?? '')).toBe('owner');
    expect(profile?.pending_client).toBeNull();
    expect(profile?.recent_clients[0]).toBe(clients[0]?.client_uid);
  });

  test('verify_email answers the created client’s uid, so the page can open it after log-in', async () => {
    const w = makeWorld();
    await registerWith(w);

    const result = await verify(w);

    const [client] = await clientsOf(w, EMAIL);
    expect(result).toMatchObject({ verified: true, client_uid: client?.client_uid });
  });

  test('a second verification creates nothing twice', async () => {
    const w = makeWorld();
    await registerWith(w);
    const code = w.mailer.codeFor(EMAIL);
    await verifyEmail(w.deps, { email: EMAIL, code }, w.companies);

    await expect(verifyEmail(w.deps, { email: EMAIL, code }, w.companies)).rejects.toMatchObject({
      code: 'verify_failed',
    });

    expect(await clientsOf(w, EMAIL)).toHaveLength(1);
  });

  test('a creation interrupted before the profile was cleared finds the first client again', async () => {
    const w = makeWorld();
    await registerWith(w);
    await verify(w);
    const profile = await w.accounts.profileByEmail(EMAIL);
    const userId = profile?.user_id ?? '';
    const first = (await clientsOf(w, EMAIL))[0]?.client_uid;
    // As if the Lambda died between creating the client and clearing the pending one.
    await w.accounts.updateProfile(userId, {
      pending_client: { website: PENDING.website, industry_id: '1003', market: '501' },
    });

    const again = await createPendingClient(w.deps, w.companies, userId);

    expect(again).toBe(first);
    expect(await clientsOf(w, EMAIL)).toHaveLength(1);
  });

  test('nothing is created while the e-mail is unverified', async () => {
    const w = makeWorld();
    await registerWith(w);
    const profile = await w.accounts.profileByEmail(EMAIL);

    expect(await createPendingClient(w.deps, w.companies, profile?.user_id ?? '')).toBeNull();
    expect(await clientsOf(w, EMAIL)).toEqual([]);
  });

  test('another account verifying its own e-mail never gets or makes someone else’s pending client', async () => {
    const w = makeWorld();
    await registerWith(w);
    await register(
      w.deps,
      w.companies,
      registrationSchema.parse(registrationBody({ email: 'bob@example.com' })),
      meta,
    );

    await verify(w, 'bob@example.com');

    expect(await clientsOf(w, 'bob@example.com')).toEqual([]);
    expect(await clientsOf(w, EMAIL)).toEqual([]);
    expect((await w.accounts.profileByEmail(EMAIL))?.pending_client).toMatchObject({
      website: PENDING.website,
    });
  });

  test('a later registration of the same address replaces the earlier registrant’s pending client', async () => {
    const w = makeWorld();
    await registerWith(w, { pending_client: { website: 'intruder.example.net' } });
    await registerWith(w);

    await finishRegistration(w.deps, w.companies, {
      email: EMAIL,
      code: w.mailer.codeFor(EMAIL),
      new_password: 'xy34#pqrs',
      confirm_password: 'xy34#pqrs',
    });

    const names = (await clientsOf(w, EMAIL)).map((c) => c.name);
    expect(names).toEqual(['joes-bar.example.com']);
  });

  test('a registration without one creates no client', async () => {
    const w = makeWorld();
    await register(w.deps, w.companies, registrationSchema.parse(registrationBody()), meta);

    await verify(w);

    expect(await clientsOf(w, EMAIL)).toEqual([]);
  });

  test.each([
    ['pending_client.industry_id', { ...PENDING, industry_id: '99999' }],
    ['pending_client.market', { ...PENDING, market: '999' }],
  ])(
    'an unknown industry or market refuses the registration on %s, creating nothing',
    async (field, pending) => {
      const w = makeWorld();

      await expect(registerWith(w, { pending_client: pending })).rejects.toMatchObject({
        status: 400,
        field,
      });

      expect(await w.accounts.profileByEmail(EMAIL)).toBeNull();
      expect(w.mailer.sent).toEqual([]);
    },
  );

  test.each(['https://example.com', 'example.com/menu', 'localhost', 'exa mple.com'])(
    'the schema refuses %s as the pending client’s website',
    (website) => {
      const parsed = registrationSchema.safeParse(
        registrationBody({ pending_client: { website } }),
      );

      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain('pending_client.website');
    },
  );
});
