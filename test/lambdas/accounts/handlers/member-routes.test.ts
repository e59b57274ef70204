import { afterEach, describe, expect, test, vi } from 'vitest';
import { makeHandler as inviteMember } from '../../../../lambdas/accounts/handlers/invite-member.handler';
import { makeHandler as organizationMembers } from '../../../../lambdas/accounts/handlers/organization-members.handler';
import { makeHandler as removeMember } from '../../../../lambdas/accounts/handlers/remove-member.handler';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';
import { memberWorld } from '../member-fakes';
import { accountEvent, user } from '../sharing-fakes';

afterEach(() => vi.restoreAllMocks());

describe('organisation member routes', () => {
  test('invite_member answers 401 without a signed-in user', async () => {
    const { deps } = await memberWorld();

    const res = await inviteMember(() => deps)(
      httpEvent({ method: 'POST', path: '/ss_rest/invite_member', body: {} }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(401);
  });

  test.each([
    ['a malformed e-mail', { organization_uid: 'org-a', email: 'nope', role: 'member' }, 'email'],
    ['an owner role', { organization_uid: 'org-a', email: 'c@x.com', role: 'owner' }, 'role'],
    ['yourself', { organization_uid: 'org-a', email: 'alice@example.com' }, 'email'],
  ])('invite_member answers 400 naming the field for %s', async (_what, body, field) => {
    const { deps, sent } = await memberWorld();

    const res = await inviteMember(() => deps)(
      accountEvent('invite_member', user('alice'), body),
      lambdaContext,
    );

    expect(res.statusCode).toBe(400);
    expect(envelope(res).error).toMatchObject({ field });
    expect(sent).toEqual([]);
  });

  test('invite_member answers 200 with the members and seats, then organization_members lists the invitation', async () => {
    const { deps, sent } = await memberWorld();
    const alice = user('alice');

    const res = await inviteMember(() => deps)(
      accountEvent('invite_member', alice, { organization_uid: 'org-a', email: ' Carol@X.com ' }),
      lambdaContext,
    );
    const listed = await organizationMembers(() => deps)(
      accountEvent('organization_members', user('amy'), { organization_uid: 'org-a' }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(200);
    expect(envelope(res).result).toMatchObject({
      seats: { used: 3, limit: 10 },
      members: expect.arrayContaining([
        expect.objectContaining({ email: 'carol@x.com', role: 'member', status: 'invited' }),
      ]),
    });
    expect(envelope(listed).result).toEqual(envelope(res).result);
    expect(sent.map((m) => m.to)).toEqual(['carol@x.com']);
  });

  test('organization_members answers 404 to another customer; remove_member 400 without a target', async () => {
    const { deps } = await memberWorld();

    const hidden = await organizationMembers(() => deps)(
      accountEvent('organization_members', user('bob'), { organization_uid: 'org-a' }),
      lambdaContext,
    );
    const vague = await removeMember(() => deps)(
      accountEvent('remove_member', user('alice'), { organization_uid: 'org-a' }),
      lambdaContext,
    );

    expect(hidden.statusCode).toBe(404);
    expect(vague.statusCode).toBe(400);
    expect(envelope(vague).error).toMatchObject({
      message: 'Choose a member or an invitation to remove.',
    });
  });
});
