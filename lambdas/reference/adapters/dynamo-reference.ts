import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type ReferenceList, referenceKey } from '#shared/reference/reference-lists';
import type { ReferenceStore } from '../core/reference';

/**
 * ReferenceStore on the CompaniesTable: one item per list, pk `REF#<list>` sk `V1`, holding the
 * whole list (583 industries, 210 regions or 210 DMAs: tens of kB each, well under DynamoDB's
 * 400 KB item limit; one GetItem per read).
 */
export class DynamoReference implements ReferenceStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get<T>(list: ReferenceList): Promise<T[] | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: referenceKey(list), sk: 'V1' } }),
    );
    return out.Item ? (out.Item.items as T[]) : null;
  }

  async put(list: ReferenceList, items: readonly object[]): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: referenceKey(list), sk: 'V1', items, loaded_at: new Date().toISOString() },
      }),
    );
  }
}
