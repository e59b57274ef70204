import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '#shared/aws/conditional-write';
import type { MfaSessionRecord, MfaSessions } from '../core/mfa-ports';
import { sha256Hex } from './secret-hash';

/**
 * MfaSessions on the SessionsTable (pk, sk strings; TTL attribute `expires_at`, epoch seconds).
 * Item: pk `MFA#<sha256 hex of the handle>`, sk `S`, `record` (JSON), `attempts`. Every read is
 * a conditional write, so expired items (which DynamoDB deletes only eventually), used-up
 * attempts and finished steps are refused atomically: `attempt` is one UpdateCommand
 * (`attempts < max AND expires_at > now`), `finish` one conditional DeleteCommand.
 */
export class DynamoMfaSessions implements MfaSessions {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async start(handle: string, record: MfaSessionRecord, ttlS: number) {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...key(handle),
          record: JSON.stringify(record),
          attempts: 0,
          expires_at: this.nowS() + ttlS,
        },
      }),
    );
  }

  async attempt(handle: string, maxAttempts: number) {
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key(handle),
          UpdateExpression: 'SET attempts = attempts + :one',
          ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND expires_at > :now',
          ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts, ':now': this.nowS() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const item = out.Attributes ?? {};
      return {
        record: JSON.parse(String(item.record)) as MfaSessionRecord,
        attempts: Number(item.attempts),
      };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }

  async renew(handle: string, record: MfaSessionRecord) {
    await conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key(handle),
          UpdateExpression: 'SET #record = :record',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#record': 'record' },
          ExpressionAttributeValues: { ':record': JSON.stringify(record) },
        }),
      ),
    );
  }

  async finish(handle: string) {
    return conditionHeld(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: key(handle),
          ConditionExpression: 'attribute_exists(pk) AND expires_at > :now',
          ExpressionAttributeValues: { ':now': this.nowS() },
        }),
      ),
    );
  }

  private nowS() {
    return Math.floor(this.now().getTime() / 1000);
  }
}

const key = (handle: string) => ({ pk: `MFA#${sha256Hex(handle)}`, sk: 'S' });
