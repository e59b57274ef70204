import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { VerificationCodes } from '../core/ports';
import { codeDigest, sameDigest } from './secret-hash';

/** Wrong guesses a code survives; the 5th wrong guess kills it (issue #3 security). */
export const MAX_CODE_ATTEMPTS = 5;

/**
 * VerificationCodes on the SessionsTable. Item: pk `CODE#<email>`, sk `C`, `digest` (SHA-256
 * of e-mail and code, never the code), `attempts` (wrong guesses), `expires_at` (epoch seconds,
 * the table's TTL attribute). Wrong guesses are counted with a conditional ADD, and a consumed
 * code is deleted only if it is still the same code, so races cannot reuse one.
 */
export class DynamoVerificationCodes implements VerificationCodes {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(email: string, code: string, ttlS: number) {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...key(email),
          digest: codeDigest(email, code),
          attempts: 0,
          expires_at: Math.floor(this.now().getTime() / 1000) + ttlS,
        },
      }),
    );
  }

  async check(email: string, code: string, consume: boolean) {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: key(email), ConsistentRead: true }),
    );
    const item = out.Item;
    if (
      !item ||
      Number(item.expires_at) <= this.now().getTime() / 1000 ||
      Number(item.attempts) >= MAX_CODE_ATTEMPTS
    )
      return 'expired' as const;
    const digest = String(item.digest);
    try {
      if (!sameDigest(digest, codeDigest(email, code))) {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: key(email),
            UpdateExpression: 'ADD attempts :one',
            ConditionExpression: 'digest = :d AND attempts < :max',
            ExpressionAttributeValues: { ':one': 1, ':d': digest, ':max': MAX_CODE_ATTEMPTS },
          }),
        );
        return 'wrong' as const;
      }
      if (consume)
        await this.db.send(
          new DeleteCommand({
            TableName: this.table,
            Key: key(email),
            ConditionExpression: 'digest = :d',
            ExpressionAttributeValues: { ':d': digest },
          }),
        );
      return 'ok' as const;
    } catch (error) {
      // Replaced, consumed or used up by a concurrent request.
      if (error instanceof ConditionalCheckFailedException) return 'expired' as const;
      throw error;
    }
  }
}

const key = (email: string) => ({ pk: `CODE#${email}`, sk: 'C' });
