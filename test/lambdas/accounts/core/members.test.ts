import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Share } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import { MEMBER_MESSAGES } from '#shared/contracts/account-members.schema';
import { Forbidden, NotFound, ValidationError } from '#shared/errors';
import { logger } from '#shared/logger';
import { acceptInvitations } from '../../../../lambdas/accounts/core/accept-invitations';
import { getSession } from '../../../../lambdas/accounts/core/get-session';
import { inviteMember } from '../../../../lambdas/accounts/core/invite-member';
import { listMembers } from '../../../../lambdas/accounts/core/members';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { removeMember } from '../../../../lambdas/accounts/core/remove-member';
import { fetchCompanies } from '../../../../lambdas/companies/core/fetch-companies';
import { client } from '../../reports/fakes';
import { memberWorld, subscription } from '../member-fakes';
import { org as orgRecord, user } from '../sharing-fakes';

const alice = user('alice');
const amy = user('amy');
const bob = user('bob');
const carol = user('carol');
const org = 'org-a';

afterEach(() => vi.restoreAllMocks());

type World = Awaited<ReturnType<typeof memberWorld>>;

/** alice invites `n` new addresses guest1@… guestN@… to org-a. */
async function inviteGuests(w: World, n: number) {
  for (let i = 1; i <= n; i++)
    await inviteMember(w.deps, alice, {
      organization_uid: org,
      email: `guest${i}@x.com`,
      role: 'member',
    });
}

describe('organization_members', () => {
  test('a member lists members (owners first) and invitations with names, e-mails and seats', async () => {
    const w = await memberWorld();
    await inviteMember(w.deps, alice, {
      organization_uid: org,
      email: 'Carol@X.com',
      role: 'admin',
    });

    const listed = await listMembers(w.deps, amy, { organization_uid: org });

    expect(listed).toEqual({
      members: [
        {
          user_id: 'alice',
          email: 'alice@example.com',
          name: 'Alice Doe',
          role: 'owner',
          status: 'active',
        },
        {
          user_id: 'amy',
          email: 'amy@example.com',
          name: 'Amy Doe',
          role: 'member',
          status: 'active',
        },
        {
          user_id: null,
          email: 'carol@x.com',
          name: '',
          role: 'admin',
          status: 'invited',
          invited_at: '2024-04-01T12:01:00.000Z',
        },
      ],
      seats: { used: 3, limit: 10 },
    });
  });

  test.each([
    ['another customer', bob, 'org-a'],
    ['anyone, for an unknown organisation', alice, 'org-x'],
  ])('answers 404 to %s', async (_who, caller, uid) => {
    const w = await memberWorld();

    await expect(listMembers(w.deps, caller, { organization_uid: uid })).rejects.toBeInstanceOf(
      NotFound,
    );
  });
});

describe('invite_member', () => {
  test.each<[string, Caller, 'ok' | typeof Forbidden | typeof NotFound]>([
    ['the owner', alice, 'ok'],
    ['an admin', user('ada'), 'ok'],
    ['staff', user('sam', { staff: true }), 'ok'],
    ['a plain member', amy, Forbidden],
    ["another customer's owner", bob, NotFound],
  ])('%s: %s', async (_who, caller, outcome) => {
    const w = await memberWorld();
    await w.accounts.putMember('ada', org, 'admin');

    const invite = inviteMember(w.deps, caller, {
      organization_uid: org,
      email: 'carol@x.com',
      role: 'member',
    });

    if (outcome === 'ok') await expect(invite).resolves.toMatchObject({ seats: { limit: 10 } });
    else await expect(invite).rejects.toBeInstanceOf(outcome);
  });

  test('mails /register?email= to an address without an account and /login to one with', async () => {
    const w = await memberWorld();

    await inviteMember(w.deps, alice, {
      organization_uid: org,
      email: 'carol@x.com',
      role: 'member',
    });
    await inviteMember(w.deps, alice, {
      organization_uid: org,
      email: 'bob@example.com',
      role: 'admin',
    });

    expect(w.sent.map((m) => [m.to, m.subject])).toEqual([
      ['carol@x.com', 'Alice Doe invited you to Acme Group on AnalyticOwl'],
      ['bob@example.com', 'Alice Doe invited you to Acme Group on AnalyticOwl'],
    ]);
    expect(w.sent[0]?.text).toContain('https://app.example.com/register?email=carol%40x.com');
    expect(w.sent[1]?.text).toContain('https://app.example.com/login');
    expect(w.sent[1]?.text).toContain('as an admin');
  });

  test('re-inviting an address updates its invitation instead of adding one', async () => {
    const w = await memberWorld();
    await inviteMember(w.deps, alice, {
      organization_uid: org,
      email: 'carol@x.com',
      role: 'member',
    });

    const again = await inviteMember(w.deps, alice, {
      organization_uid: org,
      email: 'CAROL@x.com',
      role: 'admin',
    });

    expect(again.members.filter((m) => m.status === 'invited')).toEqual([
      expect.objectContaining({
        email: 'carol@x.com',
        role: 'admin',
        invited_at: '2024-04-01T12:02:00.000Z',
      }),
    ]);
    expect(again.seats.used).toBe(3);
    expect(await w.accounts.invitationsOf(org)).toHaveLength(1);
  });

  test.each([
    ['yourself', 'alice@example.com', MEMBER_MESSAGES.self],
    ['a current member', 'amy@example.com', MEMBER_MESSAGES.alreadyMember],
  ])('refuses %s, naming the e-mail field', async (_what, email, message) => {
    const w = await memberWorld();

    const invite = inviteMember(w.deps, alice, { organization_uid: org, email, role: 'member' });

    await expect(invite).rejects.toBeInstanceOf(ValidationError);
    await expect(invite).rejects.toMatchObject({ message, field: 'email' });
    expect(w.sent).toEqual([]);
  });

  test('the 11th seat (members plus pending invitations) is refused; re-inviting at 10 still works', async () => {
    const w = await memberWorld();
    await inviteGuests(w, 8);

    const full = inviteMember(w.deps, alice, {
      organization_uid: org,
      email: 'one-more@x.com',
      role: 'member',
    });

    await expect(full).rejects.toMatchObject({
      message: 'Your plan includes up to 10 users. Remove someone or contact us about Enterprise.',
      field: 'email',
    });
    const again = await inviteMember(w.deps, alice, {
      organization_uid: org,
      email: 'guest3@x.com',
      role: 'admin',
    });
    expect(again.seats).toEqual({ used: 10, limit: 10 });
  });

  test.each([
    ['an active enterprise plan: no cap', { plan: 'enterprise', status: 'active' }, null],
    ['an enterprise plan on trial: no cap', { plan: 'enterprise', status: 'trialing' }, null],
    ['a canceled enterprise plan: 10', { plan: 'enterprise', status: 'canceled' }, 10],
    ['a team plan: 10', { plan: 'team', status: 'active' }, 10],
    ['an individual plan: 10', { plan: 'individual', status: 'active' }, 10],
  ] as const)('%s', async (_what, over, limit) => {
    const w = await memberWorld();
    w.subs.push(subscription(org, over));
    await inviteGuests(w, 8);

    const eleventh = inviteMember(w.deps, alice, {
      organization_uid: org,
      email: 'x@x.com',
      role: 'member',
    });

    if (limit === null)
      await expect(eleventh).resolves.toMatchObject({ seats: { used: 11, limit: null } });
    else await expect(eleventh).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('remove_member', () => {
  test.each<[string, Caller, { user_id?: string; email?: string }, string]>([
    ['the owner removes a member', alice, { user_id: 'amy' }, 'removed'],
    ['an admin removes a member', user('ada'), { user_id: 'amy' }, 'removed'],
    ['a member leaves', amy, { user_id: 'amy' }, 'left'],
    ['the owner cancels an invitation', alice, { email: 'carol@x.com' }, 'cancelled'],
    ['a member removes someone else', amy, { user_id: 'ada' }, 'Forbidden'],
    ['a member cancels an invitation', amy, { email: 'carol@x.com' }, 'Forbidden'],
    ['an admin removes the owner', user('ada'), { user_id: 'alice' }, 'ValidationError'],
    ['the last owner leaves', alice, { user_id: 'alice' }, 'ValidationError'],
    ['the owner removes a stranger', alice, { user_id: 'bob' }, 'NotFound'],
    ['another customer removes a member', bob, { user_id: 'amy' }, 'NotFound'],
  ])('%s', async (_what, caller, target, outcome) => {
    const w = await memberWorld();
    await w.accounts.putMember('ada', org, 'admin');
    await inviteMember(w.deps, alice, {
      organization_uid: org,
      email: 'carol@x.com',
      role: 'member',
    });

    const removing = removeMember(w.deps, caller, { organization_uid: org, ...target });

    if (outcome === 'removed') {
      const out = await removing;
      expect(out.left).toBe(false);
      expect(out.members.map((m) => m.user_id)).not.toContain(target.user_id);
      expect(out.seats.used).toBe(3);
    } else if (outcome === 'left') {
      await expect(removing).resolves.toEqual({
        left: true,
        members: [],
        seats: { used: 3, limit: 10 },
      });
      await expect(listMembers(w.deps, caller, { organization_uid: org })).rejects.toBeInstanceOf(
        NotFound,
      );
    } else if (outcome === 'cancelled') {
      await expect(removing).resolves.toMatchObject({ seats: { used: 3 } });
      expect(await w.accounts.invitationsOf(org)).toEqual([]);
    } else {
      await expect(removing).rejects.toMatchObject({ name: outcome });
    }
  });

  test('an owner may leave when another owner stays; an admin may not remove an owner', async () => {
    const w = await memberWorld();
    await w.accounts.putMember('olga', org, 'owner');
    await w.accounts.putMember('ada', org, 'admin');

    await expect(
      removeMember(w.deps, user('ada'), { organization_uid: org, user_id: 'olga' }),
    ).rejects.toBeInstanceOf(Forbidden);
    await expect(
      removeMember(w.deps, alice, { organization_uid: org, user_id: 'alice' }),
    ).resolves.toMatchObject({ left: true });
    await expect(
      removeMember(w.deps, user('olga'), { organization_uid: org, user_id: 'olga' }),
    ).rejects.toMatchObject({ message: MEMBER_MESSAGES.lastOwner });
  });
});

describe('remove_member takes down the shares the membership backed', () => {
  /** A share of `clientUid` from `from` to `<to>@example.com`, stored as update_share does. */
  function shareOf(uid: string, clientUid: string, from: string, to: string): Share {
    return {
      share_uid: uid,
      client_uid: clientUid,
      client_name: clientUid,
      from_user_id: from,
      from_email: `${from}@example.com`,
      to_email: `${to}@example.com`,
      perms: ['view', 'edit'],
      status: 'active',
      created_at: '2024-04-01T00:00:00.000Z',
      updated_at: '2024-04-01T00:00:00.000Z',
    };
  }

  test.each([
    ['the owner removes an admin', alice],
    ['the admin leaves', user('ada')],
  ])(
    '%s: what the admin shared of the organisation and its sub-organisations, and what was reshared from it, is removed; other shares stay',
    async (_what, caller) => {
      vi.spyOn(logger, 'info').mockImplementation(() => undefined);
      const w = await memberWorld();
      await w.accounts.putOrganization(orgRecord('org-a1', { parent_uid: org }));
      await w.companies.putClient(client({ client_uid: 'client-c', org_uid: 'org-a1' }));
      await w.accounts.putMember('ada', org, 'admin');
      for (const id of ['ada', 'carol', 'dave', 'erin', 'frank'])
        await w.accounts.createProfile(
          newProfile(
            {
              user_id: id,
              primary_email: `${id}@example.com`,
              is_registered: true,
              email_verified: true,
            },
            new Date('2024-01-01T00:00:00.000Z'),
          ),
        );
      for (const s of [
        shareOf('ada-carol', 'client-a', 'ada', 'carol'),
        shareOf('carol-dave', 'client-a', 'carol', 'dave'),
        shareOf('ada-carol-sub', 'client-c', 'ada', 'carol'),
        shareOf('alice-erin', 'client-a', 'alice', 'erin'),
        shareOf('bob-ada', 'client-b', 'bob', 'ada'),
        shareOf('ada-frank', 'client-b', 'ada', 'frank'),
      ])
        await w.accounts.putShare(s);

      await removeMember(w.deps, caller, { organization_uid: org, user_id: 'ada' });

      const status = async (uid: string) => (await w.accounts.getShare(uid))?.status;
      expect(await status('ada-carol')).toBe('removed');
      expect(await status('carol-dave')).toBe('removed');
      expect(await status('ada-carol-sub')).toBe('removed');
      expect(await status('alice-erin')).toBe('active');
      expect(await status('bob-ada')).toBe('active');
      expect(await status('ada-frank')).toBe('active');
      const { clients } = await fetchCompanies({ companies: w.companies }, user('dave'));
      expect(clients.filter((c) => !c.demo)).toEqual([]);
    },
  );
});

describe('accepting invitations at get_session', () => {
  test('only an address its profile proved joins, whatever the token claims; the invitation becomes a membership once', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const w = await memberWorld();
    await inviteMember(w.deps, alice, {
      organization_uid: org,
      email: carol.email ?? '',
      role: 'admin',
    });
    const session = { accounts: w.accounts, companies: w.companies, now: w.deps.now };
    // carol registered but has not proven the mailbox yet; her token claims it anyway.
    await w.accounts.createProfile(
      newProfile({ user_id: 'carol', primary_email: 'carol@example.com' }, new Date()),
    );

    const unproven = await getSession(session, carol);
    await w.accounts.updateProfile('carol', { email_verified: true });
    const verified = await getSession(session, carol);
    const again = await getSession(session, carol);

    expect(unproven.organizations).toEqual([]);
    expect(verified.organizations).toEqual([
      expect.objectContaining({ org_uid: org, role: 'admin' }),
    ]);
    expect(again.organizations).toEqual(verified.organizations);
    expect(await w.accounts.invitationsTo('carol@example.com')).toEqual([]);
    expect(await listMembers(w.deps, carol, { organization_uid: org })).toMatchObject({
      seats: { used: 3, limit: 10 },
    });
  });

  test('an invitation never lowers a role and one of a deleted organisation is dropped', async () => {
    const w = await memberWorld();
    const at = '2024-04-01T12:00:00.000Z';
    await w.accounts.putInvitation({
      org_uid: org,
      email: 'alice@example.com',
      role: 'member',
      invited_by: 'x',
      invited_at: at,
    });
    await w.accounts.putInvitation({
      org_uid: 'gone',
      email: 'alice@example.com',
      role: 'member',
      invited_by: 'x',
      invited_at: at,
    });

    const joined = await acceptInvitations(w.deps, alice);

    expect(joined).toEqual([org]);
    expect((await w.companies.rolesOfUser('alice')).get(org)).toBe('owner');
    expect(await w.accounts.invitationsTo('alice@example.com')).toEqual([]);
  });
});
