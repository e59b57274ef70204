import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { OrgRole, Share } from '../accounts/accounts';
import { DynamoAccounts } from '../accounts/dynamo-accounts';
import { MEMBERSHIP_KEYS, queryMemberships, writeMembership } from '../accounts/dynamo-memberships';
import { queryAll } from '../aws/query-all';
import { summaryMembers } from '../aws/summary-item';
import { updateExisting } from '../aws/update-patch';
import { BUMP_LIST_VERSION, clientListVersionKey } from './client-list-version';
import type { ClientRecord, CompaniesRepository } from './companies';

/**
 * CompaniesRepository on DynamoDB (CompaniesTable: pk, sk, gsi1 = gsi1pk/gsi1sk).
 * Items:
 * - client      pk CLIENT#<uid>  sk META            gsi1pk ORG#<org> | DEMO, gsi1sk CLIENT#<name>
 * - advertiser  pk ORG#<org>     sk ADVERTISER#<name lower-case>  { client_uid }
 * - membership  pk USER#<user>   sk ORG#<org>       { role: OrgRole } (with its summary: dynamo-memberships.ts)
 * - list version pk ORG#<org> | DEMO  sk CLIENT_LIST_VERSION  { list_version } bumped after every
 *   client write (client-list-version.ts), so cached client lists know they are stale
 * Organisations and shares are DynamoAccounts' items in the same table (see dynamo-accounts.ts).
 */
export class DynamoCompanies implements CompaniesRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async getClient(clientUid: string): Promise<ClientRecord | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: `CLIENT#${clientUid}`, sk: 'META' } }),
    );
    return out.Item ? toClient(out.Item) : null;
  }

  async putClient(client: ClientRecord): Promise<void> {
    // A whole write gets a fresh creatives token: creatives kept under an older token (or under
    // none) are never taken for this record's.
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...clientItem(client), creatives_version: randomUUID() },
      }),
    );
    await this.bumpListVersion(client);
  }

  async updateClient(clientUid: string, patch: Partial<ClientRecord>): Promise<void> {
    const { client_uid: _uid, org_uid: _org, ...fields } = patch;
    await updateExisting(
      this.db,
      this.table,
      { pk: `CLIENT#${clientUid}`, sk: 'META' },
      fields,
      'Client',
    );
    const owner = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: `CLIENT#${clientUid}`, sk: 'META' },
        ProjectionExpression: 'org_uid, demo',
      }),
    );
    if (owner.Item) await this.bumpListVersion(owner.Item as { org_uid: string; demo?: boolean });
  }

  /**
   * Bumps the client-list version of the client's organisation AFTER the client write: a reader
   * that sees the new version also sees the write (a reader between the two keeps its copy one
   * request longer).
   */
  async bumpListVersion(client: { org_uid: string; demo?: boolean }): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: clientListVersionKey(client),
        ...BUMP_LIST_VERSION,
      }),
    );
  }

  listClientsOfOrg(orgUid: string): Promise<ClientRecord[]> {
    return this.queryGsi(`ORG#${orgUid}`);
  }

  listDemoClients(): Promise<ClientRecord[]> {
    return this.queryGsi('DEMO');
  }

  async ensureAdvertiser(
    orgUid: string,
    name: string,
    make: () => ClientRecord,
  ): Promise<{ client: ClientRecord; created: boolean }> {
    const key = { pk: `ORG#${orgUid}`, sk: `ADVERTISER#${name.trim().toLowerCase()}` };
    const existing = await this.db.send(new GetCommand({ TableName: this.table, Key: key }));
    const knownUid = existing.Item?.client_uid as string | undefined;
    if (knownUid) {
      const client = await this.getClient(knownUid);
      if (client) return { client, created: false };
    }
    const client = make();
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...key, client_uid: client.client_uid },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // Another writer claimed the name first: use its client.
      return this.ensureAdvertiser(orgUid, name, make);
    }
    await this.putClient(client);
    return { client, created: true };
  }

  async orgsOfUser(userId: string): Promise<string[]> {
    return [...(await this.rolesOfUser(userId)).keys()];
  }

  async addMembership(userId: string, orgUid: string, role: OrgRole): Promise<void> {
    await writeMembership(this.db, this.table, userId, orgUid, role);
  }

  /**
   * The user's memberships: one GetItem of their memberships summary when it is complete (a
   * plain GetItem, so a document client that batches GetItems sends it with the others:
   * MEMBERSHIP_KEYS.summary), else the Query of the membership items. Eventually consistent,
   * as the Query was.
   */
  async rolesOfUser(userId: string): Promise<Map<string, OrgRole>> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: MEMBERSHIP_KEYS.summary(userId) }),
    );
    const members =
      summaryMembers<OrgRole>(Item, MEMBERSHIP_KEYS.prefix) ??
      (await queryMemberships(this.db, this.table, userId));
    return new Map(
      members.map(([sk, role]) => [sk.slice(MEMBERSHIP_KEYS.prefix.length), role ?? 'member']),
    );
  }

  sharesTo(email: string): Promise<Share[]> {
    return new DynamoAccounts(this.db, this.table).sharesTo(email);
  }

  async verifiedEmailOf(userId: string): Promise<string | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
        ProjectionExpression: 'primary_email, email_verified',
      }),
    );
    return out.Item?.email_verified === true ? String(out.Item.primary_email) : null;
  }

  async parentOf(orgUid: string): Promise<string | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: `ORG#${orgUid}`, sk: 'META' },
        ProjectionExpression: 'parent_uid',
      }),
    );
    return (out.Item?.parent_uid as string | null | undefined) ?? null;
  }

  async childOrgs(parentUid: string): Promise<string[]> {
    const subs = await new DynamoAccounts(this.db, this.table).subOrganizations(parentUid);
    return subs.map((o) => o.org_uid);
  }

  private async queryGsi(gsi1pk: string): Promise<ClientRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :c)',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':c': 'CLIENT#' },
    });
    return items.map(toClient);
  }
}

/** A client's item: its record with the table and gsi1 keys (listed by organisation, or DEMO). */
export function clientItem(client: ClientRecord) {
  return {
    pk: `CLIENT#${client.client_uid}`,
    sk: 'META',
    gsi1pk: client.demo ? 'DEMO' : `ORG#${client.org_uid}`,
    gsi1sk: `CLIENT#${client.name.toLowerCase()}#${client.client_uid}`,
    ...client,
  };
}

function toClient(item: Record<string, unknown>): ClientRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, ...rest } = item;
  return rest as unknown as ClientRecord;
}
