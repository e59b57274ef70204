import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ImportStatus } from '../../../layers/shared/contracts/postlog.schema';
import type { ImportJobRecord, ImportJobs } from '../core/ports';

/**
 * ImportJobs on the CompaniesTable. Items:
 * - job      pk IMPORT#<postlog_id>  sk META     gsi1pk ORG#<org>, gsi1sk IMPORT#<created_at>
 * - catalog  pk CLIENT#<client_uid>  sk IMPORT_CATALOG  { stations: SS, markets: SS }
 */
export class DynamoImportJobs implements ImportJobs {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(job: ImportJobRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: `IMPORT#${job.postlog_id}`,
          sk: 'META',
          gsi1pk: `ORG#${job.org_uid}`,
          gsi1sk: `IMPORT#${job.created_at}`,
          ...job,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(postlogId: string): Promise<ImportJobRecord | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: `IMPORT#${postlogId}`, sk: 'META' } }),
    );
    if (!out.Item) return null;
    const { pk: _p, sk: _s, gsi1pk: _g, gsi1sk: _h, ...job } = out.Item;
    return job as ImportJobRecord;
  }

  async transition(
    postlogId: string,
    from: readonly ImportStatus[],
    patch: Partial<Omit<ImportJobRecord, 'postlog_id' | 'org_uid'>>,
  ): Promise<boolean> {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    const names = Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k]));
    const values = Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v]));
    from.forEach((s, i) => {
      values[`:f${i}`] = s;
    });
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `IMPORT#${postlogId}`, sk: 'META' },
          ConditionExpression: `attribute_exists(pk) AND #status IN (${from.map((_, i) => `:f${i}`).join(', ')})`,
          UpdateExpression: `SET ${entries.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
          ExpressionAttributeNames: { ...names, '#status': 'status' },
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async knownEntities(clientUid: string) {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: catalogKey(clientUid) }),
    );
    const list = (v: unknown) => (v instanceof Set ? [...v].map(String) : []);
    return { stations: list(out.Item?.stations), markets: list(out.Item?.markets) };
  }
}

/** The key of a client's known stations and markets (written by DynamoLakeGenerations too). */
export const catalogKey = (clientUid: string) => ({
  pk: `CLIENT#${clientUid}`,
  sk: 'IMPORT_CATALOG',
});
