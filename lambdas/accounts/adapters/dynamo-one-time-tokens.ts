import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
} from '@aws-sdk/lib-dynamodb';
import type { OneTimeKind, OneTimeTokens } from '../core/ports';
import { sha256Hex } from './secret-hash';

/**
 * OneTimeTokens on the SessionsTable (pk, sk strings; TTL attribute `expires_at`, epoch
 * seconds). Item: pk `OTT#<kind>#<sha256 hex of the secret>`, sk `T`, `payload` map. DynamoDB
 * deletes expired items only eventually, so reads also reject `expires_at <= now`.
 * `take` is one conditional DeleteCommand returning the old item: of two racing requests only
 * one gets the payload.
 */
export class DynamoOneTimeTokens implements OneTimeTokens {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async put(kind: OneTimeKind, secret: string, payload: Record<string, string>, ttlS: number) {
    const expires_at = Math.floor(this.now().getTime() / 1000) + ttlS;
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...key(kind, secret), payload, expires_at },
      }),
    );
  }

  async take(kind: OneTimeKind, secret: string) {
    try {
      const out = await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: key(kind, secret),
          ConditionExpression: 'attribute_exists(pk)',
          ReturnValues: 'ALL_OLD',
        }),
      );
      return this.live(out.Attributes);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }

  async peek(kind: OneTimeKind, secret: string) {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: key(kind, secret), ConsistentRead: true }),
    );
    return this.live(out.Item);
  }

  private live(item: Record<string, unknown> | undefined): Record<string, string> | null {
    if (!item || Number(item.expires_at) <= this.now().getTime() / 1000) return null;
    return { ...(item.payload as Record<string, string>) };
  }
}

const key = (kind: OneTimeKind, secret: string) => ({
  pk: `OTT#${kind}#${sha256Hex(secret)}`,
  sk: 'T',
});
