import { randomUUID } from 'node:crypto';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { cancellationReasons } from '../aws/conditional-write';
import { queryAll } from '../aws/query-all';
import { NotFound } from '../errors';
import type { CreativeRecord, CreativesRepository } from './creatives';

/**
 * CreativesRepository on the CompaniesTable: one item per creative beside its client,
 * `pk CLIENT#<client_uid>` `sk CREATIVE#<creative_id>`, so a client's creatives are one query.
 * Every write also gives the client record (`sk META`) a fresh `creatives_version`, in the same
 * transaction: a report read that keeps the creatives by that token sees the edit next time.
 */
export class DynamoCreatives implements CreativesRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async list(clientUid: string, options: { consistent?: boolean } = {}): Promise<CreativeRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
      ExpressionAttributeValues: { ':pk': `CLIENT#${clientUid}`, ':c': 'CREATIVE#' },
      ...(options.consistent ? { ConsistentRead: true } : {}),
    });
    return items.map(toRecord);
  }

  async get(clientUid: string, creativeId: string): Promise<CreativeRecord | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: `CLIENT#${clientUid}`, sk: `CREATIVE#${creativeId}` },
      }),
    );
    return out.Item ? toRecord(out.Item) : null;
  }

  /**
   * Writes the creative and a fresh `creatives_version` on its client, both or neither.
   * @throws NotFound ('Client') when the client record does not exist (nothing is written).
   */
  async put(record: CreativeRecord): Promise<void> {
    const pk = `CLIENT#${record.client_uid}`;
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: { pk, sk: `CREATIVE#${record.creative_id}`, ...record },
              },
            },
            {
              Update: {
                TableName: this.table,
                Key: { pk, sk: 'META' },
                ConditionExpression: 'attribute_exists(pk)',
                UpdateExpression: 'SET creatives_version = :v',
                ExpressionAttributeValues: { ':v': randomUUID() },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (cancellationReasons(error)[1] === 'ConditionalCheckFailed') throw new NotFound('Client');
      throw error;
    }
  }
}

function toRecord(item: Record<string, unknown>): CreativeRecord {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as CreativeRecord;
}
