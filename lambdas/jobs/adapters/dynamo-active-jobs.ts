import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '#shared/aws/conditional-write';
import { queryAll } from '#shared/aws/query-all';
import { ACTIVE_JOBS_PARTITION, activeJobKey } from '#shared/jobs/active-jobs';
import type { SweptJobKind } from '#shared/jobs/job-timeouts';
import type { ActiveJobIndex, ActiveJobRef } from '../core/ports';

/** The active-job markers of the CompaniesTable (layers/shared/jobs/active-jobs.ts), in gsi1. */
export class DynamoActiveJobs implements ActiveJobIndex {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async listSince(before: Date): Promise<ActiveJobRef[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :before',
      ExpressionAttributeValues: { ':p': ACTIVE_JOBS_PARTITION, ':before': before.toISOString() },
    });
    return items.map((item) => ({
      kind: item.kind as SweptJobKind,
      id: String(item.id),
      since: String(item.since),
    }));
  }

  /** Deletes the marker only if it is still the one listed (a job that moved on wrote anew). */
  async drop(ref: ActiveJobRef): Promise<void> {
    await conditionHeld(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: activeJobKey(ref.kind, ref.id),
          ConditionExpression: 'since = :since',
          ExpressionAttributeValues: { ':since': ref.since },
        }),
      ),
    );
  }
}
