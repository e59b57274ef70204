import { type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '../aws/conditional-write';
import { stripKeys } from '../aws/item-keys';
import { queryAll } from '../aws/query-all';
import type { ConnectionRequestRecord, ConnectionRequestsStore } from './connection-requests';

const key = (clientUid: string, requestId: string) => ({
  pk: `CLIENT#${clientUid}`,
  sk: `GAREQ#${requestId}`,
});

/** ConnectionRequestsStore on the CompaniesTable (`CLIENT#<client_uid>` / `GAREQ#<request_id>`). */
export class DynamoConnectionRequests implements ConnectionRequestsStore {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}

  async put(record: ConnectionRequestRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...key(record.client_uid, record.request_id), ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async list(clientUid: string): Promise<ConnectionRequestRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `CLIENT#${clientUid}`, ':p': 'GAREQ#' },
      ConsistentRead: true,
    });
    return items
      .map((item) => stripKeys<ConnectionRequestRecord>(item))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  close(clientUid: string, requestId: string, to: 'used' | 'cancelled', now: Date) {
    return conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key(clientUid, requestId),
          ConditionExpression: 'attribute_exists(pk) AND #s = :open AND expires_at > :now',
          UpdateExpression: 'SET #s = :to, closed_at = :now',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':open': 'open', ':to': to, ':now': now.toISOString() },
        }),
      ),
    );
  }
}
