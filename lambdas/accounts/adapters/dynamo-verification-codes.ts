import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { VerificationCodes } from '../core/ports';
import { codeDigest, sameDigest } from './secret-hash';

/** Guesses weighed per code: the 5th wrong guess kills it (account security limits). */
export const MAX_CODE_ATTEMPTS = 5;

/**
 * VerificationCodes on the SessionsTable. Item: pk `CODE#<email>`, sk `C`, `digest` (SHA-256
 * of e-mail and code, never the code), `attempts` (guesses weighed), `expires_at` (epoch
 * seconds, the table's TTL attribute).
 * Every guess first takes a slot with one conditional ADD (`attempts < 5`, code live) and only
 * then is compared, so parallel guesses cannot all read "0 attempts" and slip past the limit: at
 * most MAX_CODE_ATTEMPTS guesses are ever weighed per code. A right guess gives its slot back
 * (it is not a wrong one) or, when consumed, deletes the code if it is still the same code.
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
    try {
      const slot = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key(email),
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'attribute_exists(digest) AND attempts < :max AND expires_at > :now',
          ExpressionAttributeValues: {
            ':one': 1,
            ':max': MAX_CODE_ATTEMPTS,
            ':now': Math.floor(this.now().getTime() / 1000),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const digest = String(slot.Attributes?.digest ?? '');
      if (!sameDigest(digest, codeDigest(email, code))) return 'wrong' as const;
      await this.db.send(
        consume
          ? new DeleteCommand({
              TableName: this.table,
              Key: key(email),
              ConditionExpression: 'digest = :d',
              ExpressionAttributeValues: { ':d': digest },
            })
          : new UpdateCommand({
              TableName: this.table,
              Key: key(email),
              UpdateExpression: 'ADD attempts :back',
              ConditionExpression: 'digest = :d',
              ExpressionAttributeValues: { ':back': -1, ':d': digest },
            }),
      );
      return 'ok' as const;
    } catch (error) {
      // Unknown, expired, worn out, or replaced / consumed by a concurrent request.
      if (error instanceof ConditionalCheckFailedException) return 'expired' as const;
      throw error;
    }
  }
}

const key = (email: string) => ({ pk: `CODE#${email}`, sk: 'C' });
