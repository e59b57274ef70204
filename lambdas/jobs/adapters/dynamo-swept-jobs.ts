import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '#shared/aws/conditional-write';
import type { JobState, SweptJobs } from '../core/ports';

/**
 * Jobs of one kind in the CompaniesTable as the sweeper sees them: import jobs
 * (`pk IMPORT#<postlog_id>`, lambdas/imports/adapters/dynamo-import-jobs.ts), report runs
 * (`pk REPORT#<report_id>`, lambdas/reports/adapters/dynamo-report-jobs.ts) or generation jobs
 * (`pk GENJOB#<job_id>`, lambdas/families/adapters), each `sk META` with `status`, `updated_at`,
 * the reason field and (report runs always) `client_uid`.
 */
export class DynamoSweptJobs implements SweptJobs {
  /**
   * @param prefix the key prefix of the kind's items, e.g. `IMPORT#`.
   * @param failedFields more fields set on a failed job (imports: `retryable: true`).
   * @param reasonField the field the kind's status call shows as the reason (`message`; the
   *   generation jobs' `error`).
   */
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly prefix: string,
    private readonly failedFields: Record<string, unknown> = {},
    private readonly reasonField: 'message' | 'error' = 'message',
  ) {}

  async state(id: string): Promise<JobState | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: `${this.prefix}${id}`, sk: 'META' },
        ProjectionExpression: '#s, updated_at, client_uid',
        ExpressionAttributeNames: { '#s': 'status' },
        ConsistentRead: true,
      }),
    );
    if (!out.Item) return null;
    return {
      status: String(out.Item.status),
      updated_at: String(out.Item.updated_at ?? ''),
      ...(typeof out.Item.client_uid === 'string' ? { client_uid: out.Item.client_uid } : {}),
    };
  }

  async fail(id: string, was: JobState, message: string, at: Date): Promise<boolean> {
    const fields: Record<string, unknown> = {
      status: 'failed',
      [this.reasonField]: message,
      updated_at: at.toISOString(),
      ...this.failedFields,
    };
    const names = Object.keys(fields);
    return conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `${this.prefix}${id}`, sk: 'META' },
          ConditionExpression: '#st = :was AND updated_at = :at',
          UpdateExpression: `SET ${names.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
          ExpressionAttributeNames: {
            ...Object.fromEntries(names.map((n, i) => [`#k${i}`, n])),
            '#st': 'status',
          },
          ExpressionAttributeValues: {
            ...Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
            ':was': was.status,
            ':at': was.updated_at,
          },
        }),
      ),
    );
  }
}
