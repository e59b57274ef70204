import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
} from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '#shared/aws/conditional-write';
import type { OAuthSessions, OAuthStateRecord, PendingGrant } from '../core/ports';

const stateKey = (stateHash: string) => ({ pk: `GASTATE#${stateHash}`, sk: 'S' });
const grantKey = (codeHash: string) => ({ pk: `GAGRANT#${codeHash}`, sk: 'G' });

/**
 * OAuthSessions on the SessionsTable (pk, sk strings; TTL attribute `expires_at`, epoch
 * seconds). Items are keyed by the SHA-256 of the state or code, never the value itself.
 * DynamoDB deletes expired items only eventually, so reads also reject `expires_at <= now`.
 * takeState is one conditional delete returning the old item: of two racing requests only one
 * gets the sign-in.
 */
export class DynamoOAuthSessions implements OAuthSessions {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private expiresAt(ttlS: number) {
    return Math.floor(this.now().getTime() / 1000) + ttlS;
  }

  private live(item: Record<string, unknown> | undefined) {
    return item !== undefined && Number(item.expires_at) > this.now().getTime() / 1000;
  }

  async putState(stateHash: string, record: OAuthStateRecord, ttlS: number) {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...stateKey(stateHash), record, expires_at: this.expiresAt(ttlS) },
      }),
    );
  }

  async takeState(stateHash: string): Promise<OAuthStateRecord | null> {
    try {
      const out = await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: stateKey(stateHash),
          ConditionExpression: 'attribute_exists(pk)',
          ReturnValues: 'ALL_OLD',
        }),
      );
      return this.live(out.Attributes) ? (out.Attributes?.record as OAuthStateRecord) : null;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }

  putGrant(codeHash: string, grant: PendingGrant, ttlS: number): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...grantKey(codeHash), grant, expires_at: this.expiresAt(ttlS) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  async getGrant(codeHash: string): Promise<PendingGrant | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: grantKey(codeHash), ConsistentRead: true }),
    );
    return this.live(out.Item) ? (out.Item?.grant as PendingGrant) : null;
  }

  async deleteGrant(codeHash: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: grantKey(codeHash) }));
  }
}
