import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Share, UserProfile } from '#shared/accounts/accounts';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { Conflict } from '#shared/errors';
import { org } from '../../lambdas/accounts/sharing-fakes';
import { dynamoLocalForFile } from '../../support/dynamo-local';

const TABLE = 'companies';
const local = dynamoLocalForFile({
  name: 'ddb',
  companiesTable: TABLE,
  removeUndefinedValues: true,
});
let accounts: DynamoAccounts;
let companies: DynamoCompanies;

beforeAll(() => {
  accounts = new DynamoAccounts(local.doc, TABLE);
  companies = new DynamoCompanies(local.doc, TABLE);
});

function profile(userId: string, email: string): UserProfile {
  return {
    user_id: userId,
    primary_email: email,
    first_name: 'Carol',
    last_name: 'Ng',
    phone: '',
    user_type: 'self',
    industry_id: '',
    markets: [],
    primary_broadcast_type: 'all',
    default_station_id: '',
    company: '',
    url: '',
    years_experience: null,
    industry_start_date: '',
    default_report_tab: '',
    recent_clients: [],
    default_station_info: null,
    email_verified: false,
    is_registered: true,
    has_password: true,
    wl_base_url: null,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  };
}

const share: Share = {
  share_uid: 's1',
  client_uid: 'client-a',
  client_name: 'Acme Mattress',
  from_user_id: 'alice',
  from_email: 'alice@example.com',
  to_email: 'carol@example.com',
  perms: ['view', 'import'],
  status: 'active',
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
};

describe('DynamoAccounts on DynamoDB Local', () => {
  test('a profile claims its e-mail once; a second claim is a conflict; delete frees it', async () => {
    await accounts.createProfile(profile('carol', 'carol@example.com'));

    await expect(
      accounts.createProfile(profile('eve', 'carol@example.com')),
    ).rejects.toBeInstanceOf(Conflict);
    await accounts.updateProfile('carol', { email_verified: true });
    expect(await accounts.profileByEmail('Carol@Example.com')).toMatchObject({
      user_id: 'carol',
      email_verified: true,
    });
    expect(await accounts.getProfile('eve')).toBeNull();

    await accounts.deleteProfile('carol', 'carol@example.com');
    expect(await accounts.profileByEmail('carol@example.com')).toBeNull();
  });

  test('organisations, roles and sub-organisations live beside profiles and shares under USER#', async () => {
    await accounts.putOrganization(org('org-a', { name: 'Acme' }));
    await accounts.putOrganization(org('org-w', { parent_uid: 'org-a' }));
    await companies.addMembership('alice', 'org-a', 'owner');
    await companies.addMembership('alice', 'org-w', 'admin');
    await accounts.createProfile(profile('alice', 'alice@example.com'));
    await accounts.putShare(share);

    expect(await companies.orgsOfUser('alice')).toEqual(['org-a', 'org-w']);
    expect([...(await companies.rolesOfUser('alice'))]).toEqual([
      ['org-a', 'owner'],
      ['org-w', 'admin'],
    ]);
    expect((await accounts.organizationsOf('alice')).map((m) => [m.org.org_uid, m.role])).toEqual([
      ['org-a', 'owner'],
      ['org-w', 'admin'],
    ]);
    expect((await accounts.subOrganizations('org-a')).map((o) => o.org_uid)).toEqual(['org-w']);
    expect(await companies.childOrgs('org-a')).toEqual(['org-w']);
    expect(await companies.parentOf('org-w')).toBe('org-a');
    expect(await companies.parentOf('org-a')).toBeNull();
    expect(await accounts.getOrganization('org-a')).toEqual(org('org-a', { name: 'Acme' }));
  });

  test("a user's verified e-mail comes from the profile only once it says verified", async () => {
    await accounts.createProfile(profile('vic', 'vic@example.com'));
    const before = await companies.verifiedEmailOf('vic');

    await accounts.updateProfile('vic', { email_verified: true });

    expect(before).toBeNull();
    expect(await companies.verifiedEmailOf('vic')).toBe('vic@example.com');
    expect(await companies.verifiedEmailOf('nobody')).toBeNull();
  });

  test('a share is found by uid, by grantor and by recipient, and status changes stick', async () => {
    await accounts.putShare(share);
    await accounts.putShare({
      ...share,
      status: 'removed',
      updated_at: '2024-02-01T00:00:00.000Z',
    });

    expect(await accounts.getShare('s1')).toMatchObject({
      status: 'removed',
      perms: ['view', 'import'],
    });
    expect((await accounts.sharesFrom('alice')).map((s) => s.share_uid)).toEqual(['s1']);
    expect(await companies.sharesTo('carol@example.com')).toEqual([
      { ...share, status: 'removed', updated_at: '2024-02-01T00:00:00.000Z' },
    ]);
    expect(await accounts.getShare('nope')).toBeNull();
  });
});

describe("a user's memberships summary, read in one GetItem", () => {
  /** local.doc with the name of every command it sends logged. */
  const logged = () => {
    const sent: string[] = [];
    const db = {
      send: (command: { constructor: { name: string } }) => {
        sent.push(command.constructor.name);
        return local.doc.send(command as never);
      },
    } as unknown as typeof local.doc;
    return { sent, roles: (userId: string) => new DynamoCompanies(db, TABLE).rolesOfUser(userId) };
  };

  test('joining, changing role and leaving show in the roles read from the summary alone', async () => {
    await accounts.putMember('sum-1', 'sum-org-a', 'owner');
    await companies.addMembership('sum-1', 'sum-org-b', 'member');
    await accounts.putMember('sum-1', 'sum-org-c', 'member');
    await accounts.putMember('sum-1', 'sum-org-b', 'admin');
    await accounts.deleteMember('sum-1', 'sum-org-c');
    const { sent, roles } = logged();

    expect(await roles('sum-1')).toEqual(
      new Map([
        ['sum-org-a', 'owner'],
        ['sum-org-b', 'admin'],
      ]),
    );
    expect(sent).toEqual(['GetCommand']);
    // The member index is written with the membership, as before.
    expect(await accounts.membersOf('sum-org-a')).toEqual([{ user_id: 'sum-1', role: 'owner' }]);
  });

  test('a membership stored before summaries existed is read by Query until the summary is completed', async () => {
    await local.doc.send(
      new PutCommand({ TableName: TABLE, Item: { pk: 'USER#sum-2', sk: 'ORG#org-old' } }),
    );
    const { sent, roles } = logged();

    expect(await roles('sum-2')).toEqual(new Map([['org-old', 'member']]));
    expect(sent).toEqual(['GetCommand', 'QueryCommand']);

    // The next membership write completes the summary with the older membership in it.
    await accounts.putMember('sum-2', 'org-new', 'owner');
    sent.length = 0;
    expect(await roles('sum-2')).toEqual(
      new Map([
        ['org-new', 'owner'],
        ['org-old', 'member'],
      ]),
    );
    expect(sent).toEqual(['GetCommand']);
  });
});
