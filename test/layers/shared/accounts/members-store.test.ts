import { describe, expect, test } from 'vitest';
import type { AccountsRepository, Invitation } from '#shared/accounts/accounts';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { MemoryAccounts } from '#shared/accounts/memory-accounts';
import type { CompaniesRepository } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import { ensureCompaniesTable } from '../../../../lib/local/dynamodb';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

// The same behaviour suite runs on the in-memory adapters (what the use-case tests use) and on
// DynamoAccounts against DynamoDB Local, so the fake cannot drift from the member index and
// invitation items.
const local = dynamoLocalForFile({
  name: 'members',
  removeUndefinedValues: true,
});
let tables = 0;

interface Repos {
  accounts: AccountsRepository;
  companies: CompaniesRepository;
}

const kinds: [string, () => Promise<Repos>][] = [
  [
    'memory',
    async () => {
      const accounts = new MemoryAccounts();
      return { accounts, companies: new MemoryCompanies(accounts) };
    },
  ],
  [
    'DynamoDB',
    async () => {
      const table = `companies-${++tables}`;
      await ensureCompaniesTable(local.endpoint, table);
      return {
        accounts: new DynamoAccounts(local.doc, table),
        companies: new DynamoCompanies(local.doc, table),
      };
    },
  ],
];

const invitation = (org: string, email: string, over: Partial<Invitation> = {}): Invitation => ({
  org_uid: org,
  email,
  role: 'member',
  invited_by: 'alice',
  invited_at: '2024-04-01T12:00:00.000Z',
  ...over,
});

describe.each(kinds)('organisation members and invitations (%s)', (_kind, make) => {
  test('putMember lists a member, is a membership of the user, and deleteMember ends both', async () => {
    const { accounts, companies } = await make();

    await accounts.putMember('alice', 'org-a', 'owner');
    await accounts.putMember('amy', 'org-a', 'member');
    await accounts.putMember('amy', 'org-a', 'admin');
    await accounts.putMember('amy', 'org-b', 'member');

    const byUser = (list: { user_id: string }[]) =>
      [...list].sort((a, b) => a.user_id.localeCompare(b.user_id));
    expect(byUser(await accounts.membersOf('org-a'))).toEqual([
      { user_id: 'alice', role: 'owner' },
      { user_id: 'amy', role: 'admin' },
    ]);
    expect([...(await companies.rolesOfUser('amy'))]).toEqual([
      ['org-a', 'admin'],
      ['org-b', 'member'],
    ]);

    await accounts.deleteMember('amy', 'org-a');
    await accounts.deleteMember('nobody', 'org-a');

    expect(await accounts.membersOf('org-a')).toEqual([{ user_id: 'alice', role: 'owner' }]);
    expect([...(await companies.rolesOfUser('amy')).keys()]).toEqual(['org-b']);
  });

  test('an invitation is keyed by organisation and lower-cased e-mail; putting it again replaces it', async () => {
    const { accounts } = await make();

    await accounts.putInvitation(invitation('org-a', 'Carol@X.com'));
    await accounts.putInvitation(invitation('org-a', 'carol@x.com', { role: 'admin' }));
    await accounts.putInvitation(invitation('org-b', 'carol@x.com'));
    await accounts.putInvitation(invitation('org-a', 'dan@x.com'));

    expect(await accounts.invitationsOf('org-a')).toEqual([
      invitation('org-a', 'carol@x.com', { role: 'admin' }),
      invitation('org-a', 'dan@x.com'),
    ]);
    expect(
      (await accounts.invitationsTo('CAROL@x.com')).map((i) => [i.org_uid, i.role]).sort(),
    ).toEqual([
      ['org-a', 'admin'],
      ['org-b', 'member'],
    ]);

    await accounts.deleteInvitation('org-a', 'Carol@x.com');

    expect((await accounts.invitationsTo('carol@x.com')).map((i) => i.org_uid)).toEqual(['org-b']);
    expect((await accounts.invitationsOf('org-a')).map((i) => i.email)).toEqual(['dan@x.com']);
  });

  test('invitation and member items do not leak into memberships, organisations or shares', async () => {
    const { accounts, companies } = await make();
    await accounts.putOrganization({
      org_uid: 'org-a',
      name: 'Acme',
      email: 'a@x.com',
      parent_uid: null,
      created_by: 'alice',
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
    });

    await accounts.putInvitation(invitation('org-a', 'carol@x.com'));
    await accounts.putMember('alice', 'org-a', 'owner');

    expect((await accounts.organizationsOf('alice')).map((m) => [m.org.org_uid, m.role])).toEqual([
      ['org-a', 'owner'],
    ]);
    expect(await accounts.sharesTo('carol@x.com')).toEqual([]);
    expect(await companies.listClientsOfOrg('org-a')).toEqual([]);
    expect(await accounts.getOrganization('org-a')).toMatchObject({ name: 'Acme' });
  });
});
