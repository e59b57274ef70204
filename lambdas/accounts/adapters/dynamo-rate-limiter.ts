import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '#shared/aws/conditional-write';
import type { RateLimiter } from '../core/ports';

/** Start of the fixed window of `windowS` seconds holding `now`, in epoch seconds. */
export function windowStart(now: Date, windowS: number): number {
  const s = Math.floor(now.getTime() / 1000);
  return s - (s % windowS);
}

/**
 * RateLimiter on the SessionsTable: fixed windows. Item: pk `RATE#<key>`, sk `<window start,
 * epoch seconds>`, `n` (atomic ADD), `expires_at` = window end (TTL attribute). Keys may hold an
 * e-mail or an address; they are not secrets. `take` is one UpdateItem whose condition is the
 * limit, so DynamoDB itself refuses the slot past it.
 */
export class DynamoRateLimiter implements RateLimiter {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async hit(key: string, windowS: number) {
    const start = windowStart(this.now(), windowS);
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: `RATE#${key}`, sk: String(start) },
        UpdateExpression: 'ADD #n :one SET expires_at = :exp',
        ExpressionAttributeNames: { '#n': 'n' },
        ExpressionAttributeValues: { ':one': 1, ':exp': start + windowS },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.n ?? 1);
  }

  async count(key: string, windowS: number) {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: this.key(key, windowS), ConsistentRead: true }),
    );
    return Number(out.Item?.n ?? 0);
  }

  async reset(key: string, windowS: number) {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: this.key(key, windowS) }));
  }

  async take(key: string, windowS: number, limit: number) {
    const start = windowStart(this.now(), windowS);
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `RATE#${key}`, sk: String(start) },
          UpdateExpression: 'ADD #n :one SET expires_at = :exp',
          ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
          ExpressionAttributeNames: { '#n': 'n' },
          ExpressionAttributeValues: { ':one': 1, ':exp': start + windowS, ':limit': limit },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(out.Attributes?.n ?? 1);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }

  async giveBack(key: string, windowS: number) {
    // A failed condition: already cleared (a success reset the counter) or a new window, so
    // there is nothing to give back.
    await conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: this.key(key, windowS),
          UpdateExpression: 'ADD #n :back',
          ConditionExpression: '#n > :zero',
          ExpressionAttributeNames: { '#n': 'n' },
          ExpressionAttributeValues: { ':back': -1, ':zero': 0 },
        }),
      ),
    );
  }

  private key(key: string, windowS: number) {
    return { pk: `RATE#${key}`, sk: String(windowStart(this.now(), windowS)) };
  }
}
