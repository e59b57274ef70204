import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Caller } from '#shared/auth/caller';
import type { Permission } from '#shared/contracts/account.schema';
import { logger } from '#shared/logger';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { removeShare, updateShare } from '../../../../lambdas/accounts/core/shares';
import { fetchCompanies } from '../../../../lambdas/companies/core/fetch-companies';
import { proven, user, world } from '../sharing-fakes';

afterEach(() => vi.restoreAllMocks());

const alice = user('alice');
const carol = user('carol');
const dave = user('dave');
const erin = user('erin');

type World = Awaited<ReturnType<typeof world>>;

/**
 * org-a's client-a, and registered, verified accounts for carol, dave and erin (outsiders of
 * org-a) so shares to them are to people who can pass them on.
 */
async function setup(): Promise<World> {
  const w = await world();
  for (const id of ['carol', 'dave', 'erin'])
    await w.accounts.createProfile(
      newProfile(
        {
          user_id: id,
          primary_email: `${id}@example.com`,
          is_registered: true,
          has_password: true,
          email_verified: true,
        },
        w.deps.now(),
      ),
    );
  vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
  vi.spyOn(logger, 'info').mockImplementation(() => undefined);
  return w;
}

/** Shares client-a from `from` to `<to>@example.com`; @returns the share's uid. */
async function share(w: World, from: Caller, to: string, perms: Permission[]): Promise<string> {
  const { shares } = await updateShare(w.deps, await proven(w, from), {
    client_uid: 'client-a',
    email: `${to}@example.com`,
    perms,
  });
  const made = shares.shared_to_others.find((s) => s.to_email === `${to}@example.com`);
  return made?.share_uid ?? '';
}

/** What `who` may do on client-a now (null: it is not in their list). */
async function permsOn(w: World, who: Caller) {
  const { clients } = await fetchCompanies({ companies: w.companies }, who);
  return clients.find((c) => c.client_uid === 'client-a')?.perms ?? null;
}

async function statusOf(w: World, shareUid: string) {
  return (await w.accounts.getShare(shareUid))?.status;
}

describe('removing a share revokes the shares it led to', () => {
  test('alice removes her share to carol: carol -> dave and dave -> erin are removed too, and kept', async () => {
    const w = await setup();
    const toCarol = await share(w, alice, 'carol', ['view', 'edit', 'share']);
    const toDave = await share(w, carol, 'dave', ['view', 'edit', 'share']);
    const toErin = await share(w, dave, 'erin', ['view']);

    await removeShare(w.deps, await proven(w, alice), { share_uid: toCarol, action: 'remove' });

    expect([
      await statusOf(w, toCarol),
      await statusOf(w, toDave),
      await statusOf(w, toErin),
    ]).toEqual(['removed', 'removed', 'removed']);
    expect([await permsOn(w, carol), await permsOn(w, dave), await permsOn(w, erin)]).toEqual([
      null,
      null,
      null,
    ]);
  });

  test('the recipient removing the share given to them revokes what they passed on', async () => {
    const w = await setup();
    const toCarol = await share(w, alice, 'carol', ['view', 'share']);
    const toDave = await share(w, carol, 'dave', ['view']);

    await removeShare(w.deps, await proven(w, carol), { share_uid: toCarol, action: 'remove' });

    expect(await statusOf(w, toDave)).toBe('removed');
    expect(await permsOn(w, dave)).toBeNull();
  });

  test('a reshare the sharer still holds through another grant stays', async () => {
    const w = await setup();
    await w.companies.addMembership('amy', 'org-a', 'admin');
    const fromAlice = await share(w, alice, 'carol', ['view', 'share']);
    await share(w, user('amy'), 'carol', ['view', 'share']);
    const toDave = await share(w, carol, 'dave', ['view']);

    await removeShare(w.deps, await proven(w, alice), { share_uid: fromAlice, action: 'remove' });

    expect(await statusOf(w, toDave)).toBe('active');
    expect((await permsOn(w, dave))?.view).toBe(true);
  });

  test('shares passed around in a circle do not keep each other alive', async () => {
    const w = await setup();
    const toCarol = await share(w, alice, 'carol', ['view', 'share']);
    const toDave = await share(w, carol, 'dave', ['view', 'share']);
    const backToCarol = await share(w, dave, 'carol', ['view', 'share']);

    await removeShare(w.deps, await proven(w, alice), { share_uid: toCarol, action: 'remove' });

    expect([await statusOf(w, toDave), await statusOf(w, backToCarol)]).toEqual([
      'removed',
      'removed',
    ]);
    expect([await permsOn(w, carol), await permsOn(w, dave)]).toEqual([null, null]);
  });

  test('narrowing a share revokes the reshares that now grant more than the sharer holds', async () => {
    const w = await setup();
    const toCarol = await share(w, alice, 'carol', ['view', 'edit', 'share']);
    const editToDave = await share(w, carol, 'dave', ['view', 'edit']);
    const viewToErin = await share(w, carol, 'erin', ['view']);

    await updateShare(w.deps, await proven(w, alice), {
      share_uid: toCarol,
      client_uid: 'client-a',
      email: 'carol@example.com',
      perms: ['view', 'share'],
    });

    expect(await statusOf(w, editToDave)).toBe('removed');
    expect(await statusOf(w, viewToErin)).toBe('active');
    expect(await permsOn(w, dave)).toBeNull();
  });
});

describe('restoring a share', () => {
  test('restores that share only: the shares it led to stay removed until their sharer restores them', async () => {
    const w = await setup();
    const toCarol = await share(w, alice, 'carol', ['view', 'share']);
    const toDave = await share(w, carol, 'dave', ['view']);
    await removeShare(w.deps, await proven(w, alice), { share_uid: toCarol, action: 'remove' });

    await removeShare(w.deps, await proven(w, alice), { share_uid: toCarol, action: 'restore' });
    const afterRestore = await statusOf(w, toDave);
    await removeShare(w.deps, await proven(w, carol), { share_uid: toDave, action: 'restore' });

    expect(afterRestore).toBe('removed');
    expect(await statusOf(w, toDave)).toBe('active');
    expect((await permsOn(w, dave))?.view).toBe(true);
  });

  test('a sharer who no longer holds the permissions cannot restore their reshare', async () => {
    const w = await setup();
    const toCarol = await share(w, alice, 'carol', ['view', 'share']);
    const toDave = await share(w, carol, 'dave', ['view']);
    await removeShare(w.deps, await proven(w, alice), { share_uid: toCarol, action: 'remove' });

    const error = await removeShare(w.deps, await proven(w, carol), {
      share_uid: toDave,
      action: 'restore',
    }).catch((e) => e);

    expect(error.status).toBe(403);
    expect(error.message).toBe('You no longer hold these permissions for this client: view.');
    expect(await statusOf(w, toDave)).toBe('removed');
    expect(await permsOn(w, dave)).toBeNull();
  });

  test('an organisation admin restoring a reshare cannot grant more than its sharer now holds', async () => {
    const w = await setup();
    const toCarol = await share(w, alice, 'carol', ['view', 'share']);
    const toDave = await share(w, carol, 'dave', ['view']);
    await removeShare(w.deps, await proven(w, alice), { share_uid: toCarol, action: 'remove' });

    const error = await removeShare(w.deps, await proven(w, alice), {
      share_uid: toDave,
      action: 'restore',
    }).catch((e) => e);

    expect(error.message).toBe(
      'carol@example.com no longer holds these permissions for this client: view.',
    );
    expect(await statusOf(w, toDave)).toBe('removed');
  });
});

describe('shares record who granted them', () => {
  test('each share names its sharer by account and address', async () => {
    const w = await setup();
    const toCarol = await share(w, alice, 'carol', ['view', 'share']);
    const toDave = await share(w, carol, 'dave', ['view']);

    expect(await w.accounts.getShare(toCarol)).toMatchObject({
      from_user_id: 'alice',
      from_email: 'alice@example.com',
    });
    expect(await w.accounts.getShare(toDave)).toMatchObject({
      from_user_id: 'carol',
      from_email: 'carol@example.com',
    });
  });
});
