import { afterEach, describe, expect, test, vi } from 'vitest';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { makeHandler as myOrganizations } from '../../../../lambdas/accounts/handlers/my-organizations.handler';
import { makeHandler as myShares } from '../../../../lambdas/accounts/handlers/my-shares.handler';
import { makeHandler as removeShare } from '../../../../lambdas/accounts/handlers/remove-share.handler';
import { makeHandler as updateOrganization } from '../../../../lambdas/accounts/handlers/update-organization.handler';
import { makeHandler as updateShare } from '../../../../lambdas/accounts/handlers/update-share.handler';
import { logger } from '../../../../layers/shared/logger';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';
import { accountEvent, user, verifiedProfiles, world } from '../sharing-fakes';

afterEach(() => vi.restoreAllMocks());

describe('organisation and share routes', () => {
  test('update_organization refuses a missing name with the spec message', async () => {
    const { deps } = await world();
    const handler = updateOrganization(() => deps);

    const res = await handler(
      accountEvent('update_organization', user('carol'), { name: '', email: 'c@carol.com' }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(400);
    expect(envelope(res).error).toMatchObject({
      message: 'Enter an organization name',
      field: 'name',
    });
  });

  test('update_organization then my_organizations: the new organisation is listed, its sub-organisation is not', async () => {
    const { deps } = await world();
    const update = updateOrganization(() => deps);
    const alice = user('alice');

    const created = await update(
      accountEvent('update_organization', alice, {
        name: 'Acme West',
        email: 'W@Acme.com',
        parent_uid: 'org-a',
      }),
      lambdaContext,
    );
    const listed = await myOrganizations(() => deps)(
      accountEvent('my_organizations', alice, {}),
      lambdaContext,
    );

    expect(created.statusCode).toBe(200);
    expect(envelope(created).result).toMatchObject({
      organizations: [
        { org_uid: 'org-a' },
        { org_uid: 'id-1', email: 'w@acme.com', sub_org: true },
      ],
      shares: { shared_to_me: [], shared_to_others: [] },
    });
    expect(envelope(listed).result).toEqual({
      organizations: [
        {
          org_uid: 'org-a',
          name: 'Acme Group',
          email: 'org-a@example.com',
          parent_uid: null,
          sub_org: false,
          role: 'owner',
          clients: 1,
        },
      ],
    });
  });

  test('update_share answers 404 for a guessed client id of another organisation', async () => {
    const { deps, sent } = await world();
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);

    const res = await updateShare(() => deps)(
      accountEvent('update_share', user('mallory'), {
        client_uid: 'client-a',
        email: 'x@example.com',
        perms: ['view'],
      }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(404);
    expect(sent).toEqual([]);
  });

  test('update_share, my_shares and remove_share work together for grantor and recipient', async () => {
    const { accounts, deps } = await world();
    const carol = user('carol');
    await verifiedProfiles(accounts, 'carol');

    const shared = await updateShare(() => deps)(
      accountEvent('update_share', user('alice'), {
        client_uid: 'client-a',
        email: 'Carol@Example.com',
        perms: ['view'],
      }),
      lambdaContext,
    );
    const mine = await myShares(() => deps)(accountEvent('my_shares', carol, {}), lambdaContext);
    const removed = await removeShare(() => deps)(
      accountEvent('remove_share', carol, { share_uid: 'id-1' }),
      lambdaContext,
    );

    expect(shared.statusCode).toBe(200);
    expect(envelope(mine).result).toMatchObject({
      shares: {
        shared_to_me: [{ share_uid: 'id-1', to_email: 'carol@example.com', status: 'active' }],
      },
    });
    expect(envelope(removed).result).toMatchObject({
      shares: { shared_to_me: [{ share_uid: 'id-1', status: 'removed' }], shared_to_others: [] },
    });
  });

  test('my_shares and remove_share treat a token claiming an unproven address as a stranger', async () => {
    const { accounts, deps } = await world();
    await updateShare(() => deps)(
      accountEvent('update_share', user('alice'), {
        client_uid: 'client-a',
        email: 'carol@example.com',
        perms: ['view'],
      }),
      lambdaContext,
    );
    // carol registered over the invitation without proving the mailbox; her token still says
    // email_verified.
    const carol = user('carol');
    await accounts.deleteProfile('invite:carol@example.com', 'carol@example.com');
    await accounts.createProfile(
      newProfile({ user_id: 'carol', primary_email: 'carol@example.com' }, new Date()),
    );
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);

    const mine = await myShares(() => deps)(accountEvent('my_shares', carol, {}), lambdaContext);
    const removed = await removeShare(() => deps)(
      accountEvent('remove_share', carol, { share_uid: 'id-1' }),
      lambdaContext,
    );

    expect(envelope(mine).result).toMatchObject({ shares: { shared_to_me: [] } });
    expect(removed.statusCode).toBe(404);
    expect((await accounts.getShare('id-1'))?.status).toBe('active');
  });

  test('the routes answer 401 without a signed-in user', async () => {
    const { deps } = await world();

    const res = await myShares(() => deps)(
      httpEvent({ method: 'POST', path: '/ss_rest/my_shares', body: {} }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(401);
  });
});
