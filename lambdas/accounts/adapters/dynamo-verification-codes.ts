import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '#shared/aws/conditional-write';
import { LIMITS } from '../core/limits';
import type { VerificationCodes } from '../core/ports';
import { codeDigest, sameDigest } from './secret-hash';

/** Guesses weighed per code: the 5th wrong guess kills it (account security limits). */
export const MAX_CODE_ATTEMPTS = 5;

/** Codes issued per key (address) per clock hour, whichever flow asks (LIMITS.codesPerEmail). */
export const MAX_CODES_PER_HOUR = LIMITS.codesPerEmail;

/** Start of the clock hour holding `nowMs`, in epoch seconds. */
export const hourOf = (nowMs: number) => {
  const s = Math.floor(nowMs / 1000);
  return s - (s % LIMITS.hourS);
};

/**
 * VerificationCodes on the SessionsTable. Item: pk `CODE#<email>`, sk `C`, `digest` (SHA-256
 * of e-mail and code, never the code), `attempts` (guesses weighed), `expires_at` (epoch
 * seconds, the table's TTL attribute), `issued_hour` / `issued` (codes issued in that clock
 * hour). Issuing is conditional too: a 6th code in the same hour is refused and the live code
 * stays, so no flow (register, resend, login, a share invitation) can hand out more than
 * MAX_CODES_PER_HOUR codes, i.e. 25 guesses an hour at most.
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
    const nowMs = this.now().getTime();
    const values = {
      ':d': codeDigest(email, code),
      ':zero': 0,
      ':exp': Math.floor(nowMs / 1000) + ttlS,
      ':h': hourOf(nowMs),
      ':one': 1,
    };
    const sameHour = () =>
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key(email),
          UpdateExpression: 'SET digest = :d, attempts = :zero, expires_at = :exp ADD issued :one',
          ConditionExpression: 'issued_hour = :h AND issued < :max',
          ExpressionAttributeValues: { ...values, ':max': MAX_CODES_PER_HOUR },
        }),
      );
    const newHour = () =>
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key(email),
          UpdateExpression:
            'SET digest = :d, attempts = :zero, expires_at = :exp, issued_hour = :h, issued = :one',
          ConditionExpression: 'attribute_not_exists(issued_hour) OR issued_hour <> :h',
          ExpressionAttributeValues: values,
        }),
      );
    // Same hour, else the first of a new hour, else same hour again (a racing first one won).
    for (const attempt of [sameHour, newHour, sameHour]) {
      if (await conditionHeld(attempt())) return true;
    }
    return false;
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
