import { afterEach, describe, expect, test, vi } from 'vitest';
import type { OrgRole, Share } from '#shared/accounts/accounts';
import { type ClientAccess, clientPerms, permList, requirePerm } from '#shared/accounts/perms';
import { Forbidden, NotFound } from '#shared/errors';
import { logger } from '#shared/logger';
import { user } from '../../../lambdas/accounts/sharing-fakes';
import { client } from '../../../lambdas/reports/fakes';

const acme = client({ client_uid: 'client-a', org_uid: 'org-a' });

function share(over: Partial<Share> = {}): Share {
  return {
    share_uid: 's1',
    client_uid: 'client-a',
    client_name: 'Acme Mattress',
    from_user_id: 'alice',
    from_email: 'alice@example.com',
    to_email: 'carol@example.com',
    perms: ['view'],
    status: 'active',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...over,
  };
}

function access(
  roles: [string, OrgRole][] = [],
  shares: Share[] = [],
  parents: [string, string][] = [],
): ClientAccess {
  return { orgRoles: new Map(roles), shares, orgParents: new Map(parents) };
}

afterEach(() => vi.restoreAllMocks());

describe('clientPerms', () => {
  test.each([
    ['an owner', [['org-a', 'owner']], ['view', 'edit', 'import', 'share', 'schedule']],
    ['an admin', [['org-a', 'admin']], ['view', 'edit', 'import', 'share', 'schedule']],
    ['a member', [['org-a', 'member']], ['view', 'edit', 'import', 'schedule']],
    ['a member of another organisation', [['org-b', 'owner']], []],
  ] as [string, [string, OrgRole][], string[]][])(
    '%s of the client organisation gets %j',
    (_who, roles, expected) => {
      expect(permList(clientPerms(user('carol'), acme, access(roles)))).toEqual(expected);
    },
  );

  test("an owner of the organisation's parent manages a sub-organisation's client", () => {
    const perms = clientPerms(
      user('carol'),
      acme,
      access([['org-p', 'owner']], [], [['org-a', 'org-p']]),
    );

    expect(perms.share).toBe(true);
  });

  test('an active share grants exactly its perms, view implied', () => {
    const perms = clientPerms(user('carol'), acme, access([], [share({ perms: ['import'] })]));

    expect(permList(perms)).toEqual(['view', 'import']);
  });

  test.each([
    ['removed', share({ status: 'removed' }), user('carol')],
    ['to an unverified e-mail', share(), user('carol', { emailVerified: false })],
    ['to another address', share({ to_email: 'dave@example.com' }), user('carol')],
    ['of another client', share({ client_uid: 'client-b' }), user('carol')],
  ])('a share %s grants nothing', (_why, s, caller) => {
    expect(permList(clientPerms(caller, acme, access([], [s])))).toEqual([]);
  });

  test('a demo client is view-only for everyone but staff', () => {
    const demo = client({ demo: true, org_uid: 'org-a' });

    expect(permList(clientPerms(user('alice'), demo, access([['org-a', 'owner']])))).toEqual([
      'view',
    ]);
    expect(clientPerms(user('sam', { staff: true }), demo, access()).edit).toBe(true);
  });
});

describe('requirePerm', () => {
  test('a missing permission on a visible client is logged as a warning and forbidden', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const perms = clientPerms(user('carol'), acme, access([], [share()]));

    expect(() => requirePerm('edit', perms, user('carol'), acme)).toThrow(Forbidden);
    expect(warn).toHaveBeenCalledWith('permission missing', {
      perm: 'edit',
      client_uid: 'client-a',
      user_id: 'carol',
    });
  });

  test('a client the caller cannot view answers not found, and is logged too', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const perms = clientPerms(user('mallory'), acme, access([['org-m', 'owner']]));

    expect(() => requirePerm('view', perms, user('mallory'), acme)).toThrow(NotFound);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test('a held permission passes without a warning', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const perms = clientPerms(user('amy'), acme, access([['org-a', 'member']]));

    requirePerm('import', perms, user('amy'), acme);

    expect(warn).not.toHaveBeenCalled();
  });
});
