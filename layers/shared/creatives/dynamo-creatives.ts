import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../aws/query-all';
import type { CreativeRecord, CreativesRepository } from './creatives';

/**
 * CreativesRepository on the CompaniesTable: one item per creative beside its client,
 * `pk CLIENT#<client_uid>` `sk CREATIVE#<creative_id>`, so a client's creatives are one query.
 */
export class DynamoCreatives implements CreativesRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async list(clientUid: string): Promise<CreativeRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
      ExpressionAttributeValues: { ':pk': `CLIENT#${clientUid}`, ':c': 'CREATIVE#' },
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

  async put(record: CreativeRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: `CLIENT#${record.client_uid}`,
          sk: `CREATIVE#${record.creative_id}`,
          ...record,
        },
      }),
    );
  }
}

function toRecord(item: Record<string, unknown>): CreativeRecord {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as CreativeRecord;
}
