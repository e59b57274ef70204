import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { cancellationReasons, conditionHeld } from '../aws/conditional-write';
import { stripKeys } from '../aws/item-keys';
import { queryAll } from '../aws/query-all';
import { Conflict } from '../errors';
import { recordUserJob } from '../jobs/user-jobs';
import type { ConnectionRecord, ConnectionsStore, PropertyPullState } from './connections-store';

/** The partition of the scheduler's index: one item per pulled (client, property). */
const PULL_INDEX = 'GAPULL';

const connectionKey = (clientUid: string, connectionId: string) => ({
  pk: `CLIENT#${clientUid}`,
  sk: `GACONN#${connectionId}`,
});
const propertyKey = (clientUid: string, propertyId: string) => ({
  pk: `CLIENT#${clientUid}`,
  sk: `GAPROP#${propertyId}`,
});
const indexKey = (clientUid: string, propertyId: string) => ({
  pk: PULL_INDEX,
  sk: `${clientUid}#${propertyId}`,
});

/**
 * The optimistic-lock condition of a write of `version`: the stored item has `version - 1`, or
 * there is none when `version` is 1.
 */
function versionCondition(version: number) {
  return version <= 1
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : {
        ConditionExpression: 'version = :prev',
        ExpressionAttributeValues: { ':prev': version - 1 },
      };
}

/**
 * ConnectionsStore on the CompaniesTable (pk, sk strings), items as connections-store.ts names
 * them. A pull state and its GAPULL index item are written in one transaction, so the scheduler
 * never walks a property whose state is gone, nor misses one that has a state.
 */
export class DynamoConnectionsStore implements ConnectionsStore {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async listConnections(clientUid: string): Promise<ConnectionRecord[]> {
    return (await this.prefix(clientUid, 'GACONN#')).map((i) => stripKeys<ConnectionRecord>(i));
  }

  async getConnection(clientUid: string, connectionId: string): Promise<ConnectionRecord | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: connectionKey(clientUid, connectionId),
        ConsistentRead: true,
      }),
    );
    return out.Item ? stripKeys<ConnectionRecord>(out.Item) : null;
  }

  async putConnection(record: ConnectionRecord): Promise<void> {
    const held = await conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...connectionKey(record.client_uid, record.connection_id), ...record },
          ...versionCondition(record.version),
        }),
      ),
    );
    if (!held) throw new Conflict('The connection was changed meanwhile. Try again.');
    // A new connection starts its backfill: the tasks panel of whoever made it shows the pull.
    if (record.version === 1)
      await recordUserJob(this.db, this.table, {
        user_id: record.created_by,
        kind: 'ga_pull',
        id: record.connection_id,
        client_uid: record.client_uid,
        started_at: record.created_at,
      });
  }

  async listPropertyStates(clientUid: string): Promise<PropertyPullState[]> {
    return (await this.prefix(clientUid, 'GAPROP#')).map((i) => stripKeys<PropertyPullState>(i));
  }

  async getPropertyState(clientUid: string, propertyId: string): Promise<PropertyPullState | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: propertyKey(clientUid, propertyId),
        ConsistentRead: true,
      }),
    );
    return out.Item ? stripKeys<PropertyPullState>(out.Item) : null;
  }

  async putPropertyState(record: PropertyPullState): Promise<void> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: { ...propertyKey(record.client_uid, record.property_id), ...record },
                ...versionCondition(record.version),
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...indexKey(record.client_uid, record.property_id),
                  client_uid: record.client_uid,
                  property_id: record.property_id,
                },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (cancellationReasons(error)[0] === 'ConditionalCheckFailed')
        throw new Conflict('The property was changed meanwhile. Try again.');
      throw error;
    }
  }

  async deletePropertyState(clientUid: string, propertyId: string): Promise<void> {
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: this.table, Key: propertyKey(clientUid, propertyId) } },
          { Delete: { TableName: this.table, Key: indexKey(clientUid, propertyId) } },
        ],
      }),
    );
  }

  async listPulledProperties(): Promise<Array<{ client_uid: string; property_id: string }>> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': PULL_INDEX },
    });
    return items.map((i) => ({
      client_uid: String(i.client_uid),
      property_id: String(i.property_id),
    }));
  }

  async deleteConnection(clientUid: string, connectionId: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: connectionKey(clientUid, connectionId) }),
    );
  }

  private prefix(clientUid: string, prefix: string) {
    return queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `CLIENT#${clientUid}`, ':p': prefix },
      ConsistentRead: true,
    });
  }
}
