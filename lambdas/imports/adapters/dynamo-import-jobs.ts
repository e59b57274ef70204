import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '#shared/aws/query-all';
import type { ImportStatus } from '#shared/contracts/postlog.schema';
import { markActive, markDone } from '#shared/jobs/active-jobs';
import { JOB_TIMEOUTS_S } from '#shared/jobs/job-timeouts';
import { importQueueKind, recordUserJob } from '#shared/jobs/user-jobs';
import type { ImportJobRecord, ImportJobs } from '../core/ports';

/**
 * ImportJobs on the CompaniesTable. Items:
 * - job      pk IMPORT#<postlog_id>  sk META     gsi1pk ORG#<org>, gsi1sk IMPORT#<created_at>
 * - catalog  pk CLIENT#<client_uid>  sk IMPORT_CATALOG  { stations: SS, markets: SS }
 * - index    pk USER#<created_by>     sk JOB#<created_at>#<kind>#<postlog_id> (the tasks panel;
 *   layers/shared/jobs/user-jobs.ts), written with the job
 * - marker   pk ACTIVE#import#<postlog_id> while the job is in a state the sweeper times
 *   (layers/shared/jobs/active-jobs.ts): written before the job enters one, deleted after it
 *   leaves them.
 */
export class DynamoImportJobs implements ImportJobs {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(job: ImportJobRecord): Promise<void> {
    await this.markState(job.postlog_id, job.status, job.created_at, 'before');
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
    // The uploader's tasks panel lists the import (layers/shared/jobs/user-jobs.ts).
    await recordUserJob(this.db, this.table, {
      user_id: job.created_by,
      kind: importQueueKind(job.kind),
      id: job.postlog_id,
      client_uid: job.client_uid,
      started_at: job.created_at,
    });
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
    const timed = patch.status !== undefined && patch.status in JOB_TIMEOUTS_S.import;
    const since = patch.updated_at ?? new Date().toISOString();
    if (timed) await this.markState(postlogId, patch.status!, since, 'before');
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
      if (patch.status && !timed) await this.markState(postlogId, patch.status, since, 'after');
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /**
   * Keeps the job's marker: a timed state is marked BEFORE the job enters it, any other state
   * unmarked AFTER the job left the timed ones.
   */
  private async markState(id: string, status: string, since: string, when: 'before' | 'after') {
    const timed = status in JOB_TIMEOUTS_S.import;
    if (timed && when === 'before') await markActive(this.db, this.table, 'import', id, since);
    else if (!timed && when === 'after') await markDone(this.db, this.table, 'import', id);
  }

  async inReview(orgUid: string, since: string): Promise<ImportJobRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :org AND gsi1sk BETWEEN :from AND :to',
      FilterExpression: '#status = :review',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':org': `ORG#${orgUid}`,
        ':from': `IMPORT#${since}`,
        ':to': 'IMPORT#\uffff',
        ':review': 'review',
      },
      ScanIndexForward: false,
    });
    return items.map((item) => {
      const { pk: _p, sk: _s, gsi1pk: _g, gsi1sk: _h, ...job } = item;
      return job as ImportJobRecord;
    });
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
