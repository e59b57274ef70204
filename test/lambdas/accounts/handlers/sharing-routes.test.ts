import { afterEach, describe, expect, test, vi } from 'vitest';
import { logger } from '#shared/logger';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { makeHandler as getSession } from '../../../../lambdas/accounts/handlers/get-session.handler';
import { makeHandler as myOrganizations } from '../../../../lambdas/accounts/handlers/my-organizations.handler';
import { makeHandler as myShares } from '../../../../lambdas/accounts/handlers/my-shares.handler';
import { makeHandler as removeShare } from '../../../../lambdas/accounts/handlers/remove-share.handler';
import { makeHandler as updateOrganization } from '../../../../lambdas/accounts/handlers/update-organization.handler';
import { makeHandler as updateShare } from '../../../../lambdas/accounts/handlers/update-share.handler';
import { makeHandler as fetchCompanies } from '../../../../lambdas/companies/handlers/fetch-companies.handler';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';
import { accountEvent, org, user, verifiedProfiles, world } from '../sharing-fakes';

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

  test('a forged email_verified claim on an unproven profile gets no share from any route that reads shares', async () => {
    const { accounts, companies, deps } = await world();
    await updateShare(() => deps)(
      accountEvent('update_share', user('alice'), {
        client_uid: 'client-a',
        email: 'carol@example.com',
        perms: ['view', 'edit'],
      }),
      lambdaContext,
    );
    // carol registered over the invitation without proving the mailbox; her token claims it.
    const carol = user('carol', { emailVerified: true });
    await accounts.deleteProfile('invite:carol@example.com', 'carol@example.com');
    await accounts.createProfile(
      newProfile({ user_id: 'carol', primary_email: 'carol@example.com' }, new Date()),
    );
    await accounts.putOrganization(org('org-c', { created_by: 'carol' }));
    await accounts.putMember('carol', 'org-c', 'owner');
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const as = (route: string, body: unknown) => accountEvent(route, carol, body);
    const session = { deps: { ...deps, identity: undefined }, companies } as never;

    const answers = {
      my_shares: await myShares(() => deps)(as('my_shares', {}), lambdaContext),
      get_session: await getSession(() => session)(as('get_session', {}), lambdaContext),
      update_organization: await updateOrganization(() => deps)(
        as('update_organization', { org_uid: 'org-c', name: 'Carol Co', email: 'c@carol.com' }),
        lambdaContext,
      ),
      update_share: await updateShare(() => deps)(
        as('update_share', { client_uid: 'client-a', email: 'dave@example.com', perms: ['view'] }),
        lambdaContext,
      ),
      remove_share: await removeShare(() => deps)(
        as('remove_share', { share_uid: 'id-1' }),
        lambdaContext,
      ),
      fetch_companies: await fetchCompanies(() => ({ companies }))(
        as('fetch_companies', {}),
        lambdaContext,
      ),
    };

    const sharedToMe = (name: keyof typeof answers) =>
      (envelope(answers[name]).result as { shares: { shared_to_me: unknown[] } }).shares
        .shared_to_me;
    expect(sharedToMe('my_shares')).toEqual([]);
    expect(sharedToMe('get_session')).toEqual([]);
    expect(sharedToMe('update_organization')).toEqual([]);
    expect(answers.update_share.statusCode).toBe(404);
    expect(answers.remove_share.statusCode).toBe(404);
    expect(
      (envelope(answers.fetch_companies).result as { clients: { client_uid: string }[] }).clients
        .map((c) => c.client_uid)
        .filter((uid) => uid === 'client-a'),
    ).toEqual([]);
    expect(await accounts.sharesFrom('carol')).toEqual([]);
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
