import {
  type DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { cancellationReasons } from '#shared/aws/conditional-write';
import { stripKeys } from '#shared/aws/item-keys';
import { queryAll } from '#shared/aws/query-all';
import type { DropLastResult } from '#shared/contracts/drops.schema';
import { dropScope } from '../core/drop-view';
import type { DropRecord, DropsStore } from '../core/ports';

const dropKey = (dropId: string) => ({ pk: `DROP#${dropId}`, sk: 'META' });
const claimKey = (orgUid: string, scope: string) => ({
  pk: `ORG#${orgUid}`,
  sk: `DROP_ACTIVE#${scope}`,
});

/**
 * DropsStore on the CompaniesTable. Items:
 * - drop   pk DROP#<drop_id>  sk META  gsi1pk ORG#<org>, gsi1sk DROP#<created_at>#<drop_id>
 * - claim  pk ORG#<org>  sk DROP_ACTIVE#<client_uid | _org>  { drop_id }: while the drop is
 *   active; written and removed in the same transaction as the drop, so a scope has at most
 *   one active drop and a file's prefix finds it with one read.
 */
export class DynamoDrops implements DropsStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(drop: DropRecord): Promise<boolean> {
    const item = {
      ...dropKey(drop.drop_id),
      gsi1pk: `ORG#${drop.org_uid}`,
      gsi1sk: `DROP#${drop.created_at}#${drop.drop_id}`,
      ...drop,
    };
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: item,
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: { ...claimKey(drop.org_uid, dropScope(drop)), drop_id: drop.drop_id },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (cancellationReasons(error).includes('ConditionalCheckFailed')) return false;
      throw error;
    }
  }

  async get(dropId: string): Promise<DropRecord | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: dropKey(dropId) }));
    return out.Item ? stripKeys<DropRecord>(out.Item) : null;
  }

  async active(orgUid: string, scope: string): Promise<DropRecord | null> {
    const claim = await this.db.send(
      new GetCommand({ TableName: this.table, Key: claimKey(orgUid, scope) }),
    );
    const dropId = claim.Item?.drop_id;
    if (typeof dropId !== 'string') return null;
    const drop = await this.get(dropId);
    return drop && !drop.revoked_at ? drop : null;
  }

  async listOfOrg(orgUid: string): Promise<DropRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :d)',
      ExpressionAttributeValues: { ':pk': `ORG#${orgUid}`, ':d': 'DROP#' },
      ScanIndexForward: false,
    });
    return items.map((item) => stripKeys<DropRecord>(item));
  }

  async revoke(drop: DropRecord, at: string, by: string): Promise<boolean> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.table,
                Key: dropKey(drop.drop_id),
                UpdateExpression: 'SET revoked_at = :at, revoked_by = :by',
                ConditionExpression:
                  'attribute_exists(pk) AND (attribute_not_exists(revoked_at) OR attribute_type(revoked_at, :nul))',
                ExpressionAttributeValues: { ':at': at, ':by': by, ':nul': 'NULL' },
              },
            },
            {
              Delete: {
                TableName: this.table,
                Key: claimKey(drop.org_uid, dropScope(drop)),
                // Only this drop's claim: a scope's later drop keeps its own.
                ConditionExpression: 'attribute_not_exists(pk) OR drop_id = :id',
                ExpressionAttributeValues: { ':id': drop.drop_id },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (cancellationReasons(error).includes('ConditionalCheckFailed')) return false;
      throw error;
    }
  }

  async recordUse(dropId: string, result: DropLastResult): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: dropKey(dropId),
        UpdateExpression: 'SET last_used_at = :at, last_result = :r',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': result.at, ':r': result },
      }),
    );
  }
}
