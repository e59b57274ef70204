import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '#shared/aws/query-all';
import { updateExisting } from '#shared/aws/update-patch';
import { markActive, markDone } from '#shared/jobs/active-jobs';
import { JOB_TIMEOUTS_S } from '#shared/jobs/job-timeouts';
import { recordUserJob } from '#shared/jobs/user-jobs';
import type { ReportJob, ReportJobs } from '../core/ports';

/**
 * ReportJobs on DynamoDB (CompaniesTable: pk, sk, gsi1 = gsi1pk/gsi1sk).
 * Item: pk REPORT#<report_id>, sk META, gsi1pk CLIENT#<client_uid>#SESSION#<session_uid>,
 * gsi1sk REPORT#<created_at>#<report_id> (queue_monitor lists a session oldest first).
 * Each run also gets an entry in its requester's job index, `pk USER#<user_id>, sk
 * JOB#<created_at>#report#<report_id>` (the tasks panel; layers/shared/jobs/user-jobs.ts).
 * The latest report of a client is `latest_report_id` on the client item.
 * While a run is queued or running it also has a marker `pk ACTIVE#report#<report_id>`
 * (layers/shared/jobs/active-jobs.ts): the job sweeper fails a run stuck past its timeout.
 */
export class DynamoReportJobs implements ReportJobs {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(job: ReportJob): Promise<void> {
    if (job.status in JOB_TIMEOUTS_S.report) {
      await markActive(this.db, this.table, 'report', job.report_id, job.created_at);
    }
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: `REPORT#${job.report_id}`,
          sk: 'META',
          gsi1pk: `CLIENT#${job.client_uid}#SESSION#${job.session_uid}`,
          gsi1sk: `REPORT#${job.created_at}#${job.report_id}`,
          ...job,
        },
      }),
    );
    // The requester's tasks panel lists the run (layers/shared/jobs/user-jobs.ts).
    await recordUserJob(this.db, this.table, {
      user_id: job.user_id,
      kind: 'report',
      id: job.report_id,
      client_uid: job.client_uid,
      started_at: job.created_at,
    });
  }

  async get(reportId: string): Promise<ReportJob | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: `REPORT#${reportId}`, sk: 'META' } }),
    );
    return out.Item ? toJob(out.Item) : null;
  }

  async update(
    reportId: string,
    patch: Partial<Pick<ReportJob, 'status' | 'progress' | 'message'>>,
  ) {
    const updatedAt = this.now().toISOString();
    // The sweeper's marker follows the status: written before a timed one, dropped after.
    const timed = patch.status !== undefined && patch.status in JOB_TIMEOUTS_S.report;
    if (timed) await markActive(this.db, this.table, 'report', reportId, updatedAt);
    await updateExisting(
      this.db,
      this.table,
      { pk: `REPORT#${reportId}`, sk: 'META' },
      { ...patch, updated_at: updatedAt },
      'Report',
    );
    if (patch.status !== undefined && !timed) {
      await markDone(this.db, this.table, 'report', reportId);
    }
  }

  async listBySession(clientUid: string, sessionUid: string): Promise<ReportJob[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :r)',
      ExpressionAttributeValues: {
        ':pk': `CLIENT#${clientUid}#SESSION#${sessionUid}`,
        ':r': 'REPORT#',
      },
    });
    return items.map(toJob);
  }
}

function toJob(item: Record<string, unknown>): ReportJob {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, ...rest } = item;
  return rest as unknown as ReportJob;
}
