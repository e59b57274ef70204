import { describe, expect, test } from 'vitest';
import { ACCOUNT_MESSAGES, organizationSchema } from '#shared/contracts/account.schema';
import { Forbidden, NotFound, ValidationError } from '#shared/errors';
import {
  listOrganizations,
  updateOrganization,
} from '../../../../lambdas/accounts/core/organizations';
import { user, world } from '../sharing-fakes';

const alice = user('alice');

describe('organisation input', () => {
  test.each([
    [{ name: '', email: 'a@example.com' }, ACCOUNT_MESSAGES.orgName],
    [{ name: '  ', email: 'a@example.com' }, 'Enter an organization name'],
    [{ email: 'a@example.com' }, 'Enter an organization name'],
    [{ name: 'Acme', email: '' }, 'Enter an email address'],
    [{ name: 'Acme', email: 'not-an-email' }, 'Invalid email address'],
  ])('%j is refused with "%s"', (input, message) => {
    const parsed = organizationSchema.safeParse(input);

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe('updateOrganization', () => {
  test('creating an organisation makes the caller its owner and lists it', async () => {
    const { deps } = await world();

    const { organizations } = await updateOrganization(deps, user('carol'), {
      name: 'Carol Co',
      email: 'ops@carol.com',
    });

    expect(organizations).toEqual([
      {
        org_uid: 'id-1',
        name: 'Carol Co',
        email: 'ops@carol.com',
        parent_uid: null,
        sub_org: false,
        role: 'owner',
        clients: 0,
      },
    ]);
  });

  test('a sub-organisation needs an owner or admin of the parent', async () => {
    const { deps } = await world();
    const input = { name: 'Acme West', email: 'west@acme.com', parent_uid: 'org-a' };

    await expect(updateOrganization(deps, user('amy'), input)).rejects.toBeInstanceOf(Forbidden);
    await expect(updateOrganization(deps, user('bob'), input)).rejects.toBeInstanceOf(NotFound);
    const { organizations } = await updateOrganization(deps, alice, input);

    expect(organizations.map((o) => [o.name, o.sub_org, o.role])).toEqual([
      ['Acme Group', false, 'owner'],
      ['Acme West', true, 'owner'],
    ]);
  });

  test('only owners and admins rename; other users cannot tell the organisation exists', async () => {
    const { deps, accounts } = await world();
    const input = { org_uid: 'org-a', name: 'Acme Holdings', email: 'hq@acme.com' };

    await expect(updateOrganization(deps, user('amy'), input)).rejects.toBeInstanceOf(Forbidden);
    await expect(updateOrganization(deps, user('bob'), input)).rejects.toBeInstanceOf(NotFound);
    await expect(
      updateOrganization(deps, alice, { ...input, org_uid: 'no-such-org' }),
    ).rejects.toBeInstanceOf(NotFound);
    await updateOrganization(deps, alice, input);

    expect(await accounts.getOrganization('org-a')).toMatchObject({
      name: 'Acme Holdings',
      email: 'hq@acme.com',
    });
  });

  test('a sub-organisation cannot have sub-organisations of its own', async () => {
    const { deps } = await world();
    await updateOrganization(deps, alice, { name: 'W', email: 'w@acme.com', parent_uid: 'org-a' });

    await expect(
      updateOrganization(deps, alice, { name: 'X', email: 'x@acme.com', parent_uid: 'id-1' }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('listOrganizations', () => {
  test('the top-level list hides sub-organisations; the full list flags them', async () => {
    const { deps, accounts, companies } = await world();
    await updateOrganization(deps, alice, {
      name: 'Acme West',
      email: 'w@acme.com',
      parent_uid: 'org-a',
    });

    const top = await listOrganizations(accounts, companies, 'alice', { topLevelOnly: true });
    const all = await listOrganizations(accounts, companies, 'alice', { topLevelOnly: false });

    expect(top.map((o) => o.org_uid)).toEqual(['org-a']);
    expect(top[0]).toMatchObject({ role: 'owner', clients: 1, sub_org: false });
    expect(all.map((o) => [o.org_uid, o.sub_org])).toEqual([
      ['org-a', false],
      ['id-1', true],
    ]);
  });

  test("a member of only a sub-organisation still sees it, flagged, since its parent isn't listed", async () => {
    const { deps, accounts, companies } = await world();
    await updateOrganization(deps, alice, {
      name: 'Acme West',
      email: 'w@acme.com',
      parent_uid: 'org-a',
    });
    await companies.addMembership('wes', 'id-1', 'member');

    const top = await listOrganizations(accounts, companies, 'wes', { topLevelOnly: true });

    expect(top.map((o) => [o.org_uid, o.sub_org, o.role])).toEqual([['id-1', true, 'member']]);
  });
});
