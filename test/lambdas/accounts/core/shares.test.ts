import { afterEach, describe, expect, test, vi } from 'vitest';
import { Forbidden, NotFound, ValidationError } from '#shared/errors';
import { logger } from '#shared/logger';
import { listShares, removeShare, updateShare } from '../../../../lambdas/accounts/core/shares';
import { fetchCompanies } from '../../../../lambdas/companies/core/fetch-companies';
import { proven, user, verifiedProfiles, world } from '../sharing-fakes';

const alice = user('alice');
const carol = user('carol');
const mallory = user('mallory');

afterEach(() => vi.restoreAllMocks());

function quiet() {
  return vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
}

async function carolsClients(w: Awaited<ReturnType<typeof world>>) {
  const { clients } = await fetchCompanies({ companies: w.companies }, carol);
  return clients.filter((c) => !c.demo).map((c) => [c.client_uid, c.shared, c.perms]);
}

describe('updateShare', () => {
  test('an owner shares a client; a recipient without an account is invited to set a password and gets exactly those perms', async () => {
    const w = await world();

    const { shares } = await updateShare(w.deps, await proven(w, alice), {
      client_uid: 'client-a',
      email: 'carol@example.com',
      perms: ['import'],
    });

    expect(shares.shared_to_others).toEqual([
      {
        share_uid: 'id-1',
        client_uid: 'client-a',
        client_name: 'Acme Mattress',
        from_email: 'alice@example.com',
        to_email: 'carol@example.com',
        perms: ['view', 'import'],
        status: 'active',
        updated_at: '2024-04-01T12:00:00.000Z',
      },
    ]);
    expect(w.sent).toEqual([
      {
        to: 'carol@example.com',
        subject: 'alice@example.com shared Acme Mattress with you on AnalyticOwl',
        text: expect.stringContaining(
          'https://app.example.com/verify-email?email=carol%40example.com&code=246810',
        ),
      },
    ]);
    expect(await w.codes.check('carol@example.com', '246810', false)).toBe('ok');
    expect(await w.accounts.profileByEmail('carol@example.com')).toMatchObject({
      is_registered: false,
      has_password: false,
      email_verified: false,
    });
    // Nothing until carol proves the mailbox (the token's email_verified claim is not enough).
    expect(await carolsClients(w)).toEqual([]);
    await w.accounts.deleteProfile('invite:carol@example.com', 'carol@example.com');
    await verifiedProfiles(w.accounts, 'carol');
    expect(await carolsClients(w)).toEqual([
      ['client-a', true, { view: true, edit: false, import: true, share: false, schedule: false }],
    ]);
  });

  test('past the hourly code limit an invitation mails no code, and the code the address already has still works', async () => {
    const w = await world();
    for (const code of ['100001', '100002', '100003', '100004', '100005'])
      expect(await w.codes.issue('carol@example.com', code, 3600)).toBe(true);

    const { shares } = await updateShare(w.deps, await proven(w, alice), {
      client_uid: 'client-a',
      email: 'carol@example.com',
      perms: ['view'],
    });

    expect(shares.shared_to_others.map((s) => s.to_email)).toEqual(['carol@example.com']);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]?.text).not.toContain('246810');
    expect(w.sent[0]?.text).not.toContain('code=');
    expect(w.sent[0]?.text).toContain(
      'https://app.example.com/verify-email?email=carol%40example.com',
    );
    expect(await w.codes.check('carol@example.com', '246810', false)).toBe('wrong');
    expect(await w.codes.check('carol@example.com', '100005', false)).toBe('ok');
  });

  test('a recipient who has an account is sent to the login page', async () => {
    const w = await world();
    await w.accounts.createProfile({
      ...({} as Parameters<typeof w.accounts.createProfile>[0]),
      user_id: 'carol',
      primary_email: 'carol@example.com',
      is_registered: true,
    });

    await updateShare(w.deps, await proven(w, alice), {
      client_uid: 'client-a',
      email: 'carol@example.com',
      perms: ['view'],
    });

    expect(w.sent[0]?.text).toContain('https://app.example.com/login');
  });

  test('a user of another organisation cannot share a client by guessing its id', async () => {
    const w = await world();
    const warn = quiet();

    await expect(
      updateShare(w.deps, await proven(w, mallory), {
        client_uid: 'client-a',
        email: 'mal2@example.com',
        perms: ['view'],
      }),
    ).rejects.toBeInstanceOf(NotFound);
    expect(warn).toHaveBeenCalledWith('permission missing', {
      perm: 'share',
      client_uid: 'client-a',
      user_id: 'mallory',
    });
    expect(await w.accounts.sharesTo('mal2@example.com')).toEqual([]);
  });

  test('a plain member may not share, and the missing permission is logged', async () => {
    const w = await world();
    const warn = quiet();

    await expect(
      updateShare(w.deps, await proven(w, user('amy')), {
        client_uid: 'client-a',
        email: 'carol@example.com',
        perms: ['view'],
      }),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(warn).toHaveBeenCalledWith(
      'permission missing',
      expect.objectContaining({ perm: 'share' }),
    );
  });

  test('nobody shares with their own address or passes on a permission they lack', async () => {
    const w = await world();
    await verifiedProfiles(w.accounts, 'carol');
    await updateShare(w.deps, await proven(w, alice), {
      client_uid: 'client-a',
      email: 'carol@example.com',
      perms: ['share'],
    });

    await expect(
      updateShare(w.deps, await proven(w, alice), {
        client_uid: 'client-a',
        email: 'alice@example.com',
        perms: ['view'],
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      updateShare(w.deps, await proven(w, carol), {
        client_uid: 'client-a',
        email: 'dave@example.com',
        perms: ['edit'],
      }),
    ).rejects.toThrow('You cannot share a permission you do not have: edit.');
  });

  test("only the grantor or an organisation admin changes a share's perms", async () => {
    const w = await world();
    await verifiedProfiles(w.accounts, 'carol', 'dave');
    await updateShare(w.deps, await proven(w, alice), {
      client_uid: 'client-a',
      email: 'carol@example.com',
      perms: ['view', 'share'],
    });
    await updateShare(w.deps, await proven(w, carol), {
      client_uid: 'client-a',
      email: 'dave@example.com',
      perms: ['view'],
    });
    quiet();
    const change = { share_uid: 'id-1', client_uid: 'client-a', email: 'carol@example.com' };

    await expect(
      updateShare(w.deps, await proven(w, user('dave')), { ...change, perms: ['view', 'share'] }),
    ).rejects.toBeInstanceOf(Forbidden);
    await expect(
      updateShare(w.deps, await proven(w, carol), { ...change, perms: ['view'] }),
    ).rejects.toBeInstanceOf(Forbidden);
    await expect(
      updateShare(w.deps, await proven(w, carol), {
        ...change,
        share_uid: 'id-2',
        email: 'dave@example.com',
        perms: ['view'],
      }),
    ).resolves.toBeTruthy();
    await updateShare(w.deps, await proven(w, alice), { ...change, perms: ['view', 'edit'] });

    expect((await w.accounts.getShare('id-1'))?.perms).toEqual(['view', 'edit']);
    expect(w.sent).toHaveLength(2);
  });
});

describe('removeShare and listShares', () => {
  test('a removed share stops access and stays listed; restoring brings access back', async () => {
    const w = await world();
    await verifiedProfiles(w.accounts, 'carol');
    await updateShare(w.deps, await proven(w, alice), {
      client_uid: 'client-a',
      email: 'carol@example.com',
      perms: ['view'],
    });

    const removed = await removeShare(w.deps, await proven(w, alice), {
      share_uid: 'id-1',
      action: 'remove',
    });
    expect(removed.shares.shared_to_others.map((s) => s.status)).toEqual(['removed']);
    expect(await carolsClients(w)).toEqual([]);
    expect(
      (await listShares(w.accounts, await proven(w, carol))).shared_to_me.map((s) => s.status),
    ).toEqual(['removed']);

    await removeShare(w.deps, await proven(w, alice), { share_uid: 'id-1', action: 'restore' });
    expect((await carolsClients(w)).map(([uid]) => uid)).toEqual(['client-a']);
  });

  test('the recipient may remove a share but not restore it; strangers cannot touch it', async () => {
    const w = await world();
    await verifiedProfiles(w.accounts, 'carol');
    await updateShare(w.deps, await proven(w, alice), {
      client_uid: 'client-a',
      email: 'carol@example.com',
      perms: ['view'],
    });

    await expect(
      removeShare(w.deps, await proven(w, mallory), { share_uid: 'id-1', action: 'remove' }),
    ).rejects.toBeInstanceOf(NotFound);
    await removeShare(w.deps, await proven(w, carol), { share_uid: 'id-1', action: 'remove' });
    await expect(
      removeShare(w.deps, await proven(w, carol), { share_uid: 'id-1', action: 'restore' }),
    ).rejects.toBeInstanceOf(Forbidden);
    await expect(
      removeShare(w.deps, await proven(w, mallory), { share_uid: 'id-1', action: 'restore' }),
    ).rejects.toBeInstanceOf(NotFound);

    expect((await w.accounts.getShare('id-1'))?.status).toBe('removed');
  });

  test('an unverified e-mail sees no shares to it and reaches no shared client', async () => {
    const w = await world();
    await updateShare(w.deps, await proven(w, alice), {
      client_uid: 'client-a',
      email: 'carol@example.com',
      perms: ['view'],
    });
    const unverified = user('carol', { emailVerified: false });

    const shares = await listShares(w.accounts, await proven(w, unverified));
    const { clients } = await fetchCompanies({ companies: w.companies }, unverified);

    expect(shares.shared_to_me).toEqual([]);
    expect(clients.map((c) => c.client_uid)).toEqual(['demo-1']);
  });
});
