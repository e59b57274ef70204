import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadAccess, readableClient, writableClient } from '#shared/companies/companies';
import { Forbidden, NotFound } from '#shared/errors';
import { logger } from '#shared/logger';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { user, verifiedProfiles, world } from '../../../lambdas/accounts/sharing-fakes';
import { client } from '../../../lambdas/reports/fakes';

const carol = user('carol');
const mallory = user('mallory');

async function sharedWorld(perms: ('view' | 'edit' | 'import' | 'share' | 'schedule')[]) {
  const w = await world();
  await verifiedProfiles(w.accounts, 'carol', 'mallory');
  await w.companies.addMembership('mallory', 'org-m', 'owner');
  await w.accounts.putShare({
    share_uid: 's1',
    client_uid: 'client-a',
    client_name: 'Acme Mattress',
    from_user_id: 'alice',
    from_email: 'alice@example.com',
    to_email: 'carol@example.com',
    perms,
    status: 'active',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  });
  return w;
}

afterEach(() => vi.restoreAllMocks());

describe('reaching a client through memberships and shares', () => {
  test('a user of another organisation guessing a client id gets not found, for reading and writing', async () => {
    const { companies } = await sharedWorld(['view']);
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);

    for (const perm of ['view', 'edit', 'import', 'share'] as const) {
      await expect(readableClient(companies, mallory, 'client-a', perm)).rejects.toBeInstanceOf(
        NotFound,
      );
    }
    await expect(writableClient(companies, mallory, 'client-a', 'import')).rejects.toBeInstanceOf(
      NotFound,
    );
  });

  test('a view share lets the recipient read but not change or import', async () => {
    const { companies } = await sharedWorld(['view']);
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);

    await expect(readableClient(companies, carol, 'client-a')).resolves.toMatchObject({
      client_uid: 'client-a',
    });
    await expect(writableClient(companies, carol, 'client-a')).rejects.toBeInstanceOf(Forbidden);
    await expect(writableClient(companies, carol, 'client-a', 'import')).rejects.toBeInstanceOf(
      Forbidden,
    );
  });

  test('an import share allows imports and nothing beyond them', async () => {
    const { companies } = await sharedWorld(['import']);
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);

    await expect(writableClient(companies, carol, 'client-a', 'import')).resolves.toBeTruthy();
    await expect(writableClient(companies, carol, 'client-a', 'edit')).rejects.toBeInstanceOf(
      Forbidden,
    );
    await expect(readableClient(companies, carol, 'client-b')).rejects.toBeInstanceOf(NotFound);
  });

  test('a removed share stops access and restoring it brings it back', async () => {
    const { accounts, companies } = await sharedWorld(['view']);
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const s = await accounts.getShare('s1');
    if (!s) throw new Error('share missing');

    await accounts.putShare({ ...s, status: 'removed' });
    await expect(readableClient(companies, carol, 'client-a')).rejects.toBeInstanceOf(NotFound);

    await accounts.putShare({ ...s, status: 'active' });
    await expect(readableClient(companies, carol, 'client-a')).resolves.toBeTruthy();
  });

  test('a share to an unverified e-mail gives no access', async () => {
    const { companies } = await sharedWorld(['view', 'edit']);
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);

    await expect(
      readableClient(companies, user('carol', { emailVerified: false }), 'client-a'),
    ).rejects.toBeInstanceOf(NotFound);
  });

  test('a share to an address its holder has not verified grants nothing, even with a token claiming email_verified', async () => {
    const { accounts, companies } = await sharedWorld(['view', 'edit']);
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    // Someone registered carol@example.com without ever proving the mailbox.
    await accounts.deleteProfile('carol', 'carol@example.com');
    await accounts.createProfile(
      newProfile(
        { user_id: 'carol', primary_email: 'carol@example.com', email_verified: false },
        new Date(),
      ),
    );
    const forged = user('carol', { emailVerified: true });

    await expect(readableClient(companies, forged, 'client-a')).rejects.toBeInstanceOf(NotFound);
    await expect(loadAccess(companies, forged)).resolves.toMatchObject({ shares: [] });
  });

  test('a token whose e-mail is not the one its profile verified reaches no share', async () => {
    const { companies } = await sharedWorld(['view']);
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);

    // mallory's profile verified mallory@example.com; the token names carol's address.
    const claimsCarol = user('mallory', { email: 'carol@example.com', emailVerified: true });

    await expect(readableClient(companies, claimsCarol, 'client-a')).rejects.toBeInstanceOf(
      NotFound,
    );
  });

  test('a denied edit is logged as a warning naming the permission, client and user', async () => {
    const { companies } = await sharedWorld(['view']);
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);

    await writableClient(companies, carol, 'client-a').catch(() => undefined);

    expect(warn).toHaveBeenCalledWith('permission missing', {
      perm: 'edit',
      client_uid: 'client-a',
      user_id: 'carol',
    });
  });

  test("an owner of a parent organisation changes a sub-organisation's client", async () => {
    const { accounts, companies } = await world();
    await accounts.putOrganization({
      org_uid: 'org-sub',
      name: 'Acme West',
      email: 'west@example.com',
      parent_uid: 'org-a',
      created_by: 'alice',
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
    });
    await companies.putClient(client({ client_uid: 'client-w', org_uid: 'org-sub' }));

    await expect(writableClient(companies, user('alice'), 'client-w')).resolves.toBeTruthy();
    await expect(readableClient(companies, user('bob'), 'client-w')).rejects.toBeInstanceOf(
      NotFound,
    );
  });
});
