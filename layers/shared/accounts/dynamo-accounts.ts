import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  type QueryCommandInput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { cancellationReasons } from '../aws/conditional-write';
import { queryAll } from '../aws/query-all';
import { updateExisting } from '../aws/update-patch';
import { completeSubscriptionSummary } from '../billing/dynamo-subscriptions';
import { Conflict } from '../errors';
import type {
  AccountsRepository,
  Invitation,
  Member,
  Organization,
  OrgRole,
  Share,
  UserProfile,
} from './accounts';
import {
  deleteMembership,
  MEMBERSHIP_KEYS,
  queryMemberships,
  writeMembership,
} from './dynamo-memberships';

/**
 * AccountsRepository on DynamoDB, in the CompaniesTable next to clients (pk, sk; gsi1 =
 * gsi1pk/gsi1sk). Items:
 * - profile      pk USER#<user>   sk PROFILE
 * - e-mail claim pk EMAIL#<email> sk USER           { user_id }   (written with the profile)
 * - organisation pk ORG#<org>     sk META           gsi1pk PARENT#<parent>, gsi1sk ORG#<org>
 * - membership   pk USER#<user>   sk ORG#<org>      { role }      (dynamo-memberships.ts writes it)
 *                putMember also sets gsi1pk MEMBERS#<org>, gsi1sk USER#<user> (the member index
 *                membersOf reads; memberships written before it are not indexed)
 * - invitation   pk ORG#<org>     sk INVITE#<email> gsi1pk INVITETO#<email>, gsi1sk INVITE#<org>
 *                { org_uid, email, role, invited_by, invited_at } (one per org and address)
 * - share        pk USER#<from>   sk SHARE#<uid>    gsi1pk SHARETO#<to_email>, gsi1sk SHARE#<uid>
 * - share index  pk SHARE#<uid>   sk META           { from_user_id } (written with the share)
 * - memberships  pk USER#<user>   sk ORGS           { complete?, v, "ORG#<org>": role, ... }
 *   summary      (every membership of the user in one item: dynamo-memberships.ts)
 * Memberships are read with begins_with(sk, 'ORG#'), so PROFILE, ORGS and SHARE# items under the
 * same USER# key never mix in.
 */
export class DynamoAccounts implements AccountsRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async getProfile(userId: string): Promise<UserProfile | null> {
    return strip<UserProfile>(await this.get({ pk: `USER#${userId}`, sk: 'PROFILE' }));
  }

  async profileByEmail(email: string): Promise<UserProfile | null> {
    const claim = await this.get({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'USER' });
    return claim ? this.getProfile(String(claim.user_id)) : null;
  }

  async createProfile(profile: UserProfile): Promise<void> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: {
                  pk: `EMAIL#${profile.primary_email}`,
                  sk: 'USER',
                  user_id: profile.user_id,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: { pk: `USER#${profile.user_id}`, sk: 'PROFILE', ...profile },
              },
            },
          ],
        }),
      );
    } catch (error) {
      const claimTaken = cancellationReasons(error)[0] === 'ConditionalCheckFailed';
      if (claimTaken) throw new Conflict('E-mail already registered.');
      throw error;
    }
  }

  async updateProfile(
    userId: string,
    patch: Partial<Omit<UserProfile, 'user_id' | 'primary_email'>>,
  ): Promise<void> {
    const { user_id: _u, primary_email: _e, ...fields } = patch as Partial<UserProfile>;
    await updateExisting(
      this.db,
      this.table,
      { pk: `USER#${userId}`, sk: 'PROFILE' },
      fields,
      'Profile',
    );
  }

  async deleteProfile(userId: string, email: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: { pk: `USER#${userId}`, sk: 'PROFILE' } }),
    );
    try {
      // Only this user's claim: another profile may own the address by now.
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { pk: `EMAIL#${email.toLowerCase()}`, sk: 'USER' },
          ConditionExpression: 'user_id = :u',
          ExpressionAttributeValues: { ':u': userId },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async getOrganization(orgUid: string): Promise<Organization | null> {
    return strip<Organization>(await this.get({ pk: `ORG#${orgUid}`, sk: 'META' }));
  }

  async putOrganization(org: Organization): Promise<void> {
    const parent = org.parent_uid
      ? { gsi1pk: `PARENT#${org.parent_uid}`, gsi1sk: `ORG#${org.org_uid}` }
      : {};
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: `ORG#${org.org_uid}`, sk: 'META', ...parent, ...org },
      }),
    );
    // A new organisation starts with a complete (empty) subscriptions summary, so plan reads
    // of its members take one GetItem (an organisation from before summaries gets its own here).
    await completeSubscriptionSummary(this.db, this.table, org.org_uid);
  }

  async organizationsOf(userId: string): Promise<{ org: Organization; role: OrgRole }[]> {
    const memberships = await queryMemberships(this.db, this.table, userId);
    const roles = new Map(
      memberships.map(([sk, role]) => [sk.slice(MEMBERSHIP_KEYS.prefix.length), role]),
    );
    const orgs = await this.batchGet(
      [...roles.keys()].map((uid) => ({ pk: `ORG#${uid}`, sk: 'META' })),
    );
    const byUid = new Map(orgs.map((item) => [String(item.org_uid), strip<Organization>(item)]));
    // Keep the membership order; memberships of organisations without a record are skipped.
    return [...roles].flatMap(([uid, role]) => {
      const org = byUid.get(uid);
      return org ? [{ org, role }] : [];
    });
  }

  async subOrganizations(parentUid: string): Promise<Organization[]> {
    const items = await this.query({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
      ExpressionAttributeValues: { ':pk': `PARENT#${parentUid}`, ':p': 'ORG#' },
    });
    return items.map((item) => strip<Organization>(item) as Organization);
  }

  async membersOf(orgUid: string): Promise<Member[]> {
    const items = await this.query({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
      ExpressionAttributeValues: { ':pk': `MEMBERS#${orgUid}`, ':p': 'USER#' },
    });
    return items.map((item) => ({
      user_id: String(item.pk).slice('USER#'.length),
      role: (item.role as OrgRole | undefined) ?? 'member',
    }));
  }

  async putMember(userId: string, orgUid: string, role: OrgRole): Promise<void> {
    await writeMembership(this.db, this.table, userId, orgUid, role, {
      gsi1pk: `MEMBERS#${orgUid}`,
      gsi1sk: `USER#${userId}`,
    });
  }

  async deleteMember(userId: string, orgUid: string): Promise<void> {
    await deleteMembership(this.db, this.table, userId, orgUid);
  }

  async putInvitation(invitation: Invitation): Promise<void> {
    const email = invitation.email.toLowerCase();
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: `ORG#${invitation.org_uid}`,
          sk: `INVITE#${email}`,
          gsi1pk: `INVITETO#${email}`,
          gsi1sk: `INVITE#${invitation.org_uid}`,
          ...invitation,
          email,
        },
      }),
    );
  }

  async invitationsOf(orgUid: string): Promise<Invitation[]> {
    const items = await this.query({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `ORG#${orgUid}`, ':p': 'INVITE#' },
    });
    return items.map((item) => strip<Invitation>(item) as Invitation);
  }

  async invitationsTo(email: string): Promise<Invitation[]> {
    const items = await this.query({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
      ExpressionAttributeValues: { ':pk': `INVITETO#${email.toLowerCase()}`, ':p': 'INVITE#' },
    });
    return items.map((item) => strip<Invitation>(item) as Invitation);
  }

  async deleteInvitation(orgUid: string, email: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({
        TableName: this.table,
        Key: { pk: `ORG#${orgUid}`, sk: `INVITE#${email.toLowerCase()}` },
      }),
    );
  }

  async getShare(shareUid: string): Promise<Share | null> {
    const index = await this.get({ pk: `SHARE#${shareUid}`, sk: 'META' });
    if (!index) return null;
    return strip<Share>(
      await this.get({ pk: `USER#${String(index.from_user_id)}`, sk: `SHARE#${shareUid}` }),
    );
  }

  async putShare(share: Share): Promise<void> {
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.table,
              Item: {
                pk: `USER#${share.from_user_id}`,
                sk: `SHARE#${share.share_uid}`,
                gsi1pk: `SHARETO#${share.to_email}`,
                gsi1sk: `SHARE#${share.share_uid}`,
                ...share,
              },
            },
          },
          {
            Put: {
              TableName: this.table,
              Item: {
                pk: `SHARE#${share.share_uid}`,
                sk: 'META',
                from_user_id: share.from_user_id,
              },
            },
          },
        ],
      }),
    );
  }

  async sharesFrom(userId: string): Promise<Share[]> {
    const items = await this.query({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'SHARE#' },
    });
    return items.map((item) => strip<Share>(item) as Share);
  }

  async sharesTo(email: string): Promise<Share[]> {
    const items = await this.query({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
      ExpressionAttributeValues: { ':pk': `SHARETO#${email.toLowerCase()}`, ':p': 'SHARE#' },
    });
    return items.map((item) => strip<Share>(item) as Share);
  }

  private async get(key: { pk: string; sk: string }) {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key }));
    return out.Item ?? null;
  }

  private query(input: Omit<QueryCommandInput, 'TableName'>) {
    return queryAll(this.db, { ...input, TableName: this.table });
  }

  private async batchGet(keys: { pk: string; sk: string }[]) {
    const items: Record<string, unknown>[] = [];
    for (let i = 0; i < keys.length; i += 100) {
      let pending: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
      while (pending && pending.length > 0) {
        const out: BatchGetCommandOutput = await this.db.send(
          new BatchGetCommand({ RequestItems: { [this.table]: { Keys: pending } } }),
        );
        items.push(...(out.Responses?.[this.table] ?? []));
        pending = out.UnprocessedKeys?.[this.table]?.Keys;
      }
    }
    return items;
  }
}

/** An item without its key attributes, typed as the record it holds; null stays null. */
function strip<T>(item: Record<string, unknown> | null): T | null {
  if (!item) return null;
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, ...rest } = item;
  return rest as T;
}
