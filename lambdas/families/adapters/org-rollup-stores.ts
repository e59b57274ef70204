import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ExecutionAlreadyExists, type SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getBytesOrNull } from '#shared/aws/s3-objects';
import { NotFound } from '#shared/errors';
import { markActive, markDone } from '#shared/jobs/active-jobs';
import { recordUserJob } from '#shared/jobs/user-jobs';
import type { RollupFiles, RollupJobs, RollupStart, StoredRollupJob } from '../core/org-rollup-job';

/**
 * The roll-up's stores in AWS and locally: its job item beside the other generation jobs in the
 * CompaniesTable (`pk GENJOB#<job_id>, sk META`, read by generated_report_status and the tasks
 * panel through the user's job index, kind org_reporting), the reports bucket's
 * `generated/<job_id>/` files, and the OrgReporting state machine's executions.
 */

const key = (jobId: string) => ({ pk: `GENJOB#${jobId}`, sk: 'META' });

/** Roll-up jobs on the CompaniesTable. */
export class DynamoRollupJobs implements RollupJobs {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Writes a new job and its entry in the requester's job index (the tasks panel), its stuck-job
   * marker first (kind `org_reporting`): a roll-up the machine never finishes is failed by the
   * sweeper with a reason.
   */
  async create(job: StoredRollupJob): Promise<void> {
    const ddb = this.db as DynamoDBDocumentClient;
    await markActive(ddb, this.table, 'org_reporting', job.job_id, job.created_at);
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...key(job.job_id), ...job },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    await recordUserJob(this.db, this.table, {
      user_id: job.user_id,
      kind: 'org_reporting',
      id: job.job_id,
      client_uid: '',
      started_at: job.created_at,
    });
  }

  async update(jobId: string, patch: Parameters<RollupJobs['update']>[1]): Promise<void> {
    const fields = Object.entries({ ...patch, updated_at: this.now().toISOString() }).filter(
      ([, v]) => v !== undefined,
    );
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key(jobId),
          UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k])),
          ExpressionAttributeValues: Object.fromEntries(fields.map(([, v], i) => [`:v${i}`, v])),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException')
        throw new NotFound('Job');
      throw error;
    }
    if (patch.status === 'done' || patch.status === 'failed') {
      await markDone(this.db as DynamoDBDocumentClient, this.table, 'org_reporting', jobId);
    }
  }

  async countDone(jobId: string): Promise<number> {
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: key(jobId),
        UpdateExpression: 'ADD clients_done :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.clients_done ?? 0);
  }
}

/** The reports bucket's generated files. */
export class S3RollupFiles implements RollupFiles {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async put(objectKey: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: objectKey,
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  get(objectKey: string): Promise<Uint8Array | null> {
    return getBytesOrNull(this.s3, this.bucket, objectKey);
  }
}

/**
 * OrgReporting executions, named after the job: a retried start gets ExecutionAlreadyExists and
 * nothing runs twice.
 */
export class SfnRollupStart implements RollupStart {
  constructor(
    private readonly sfn: SFNClient,
    private readonly stateMachineArn: string,
  ) {}

  async start(jobId: string): Promise<void> {
    try {
      await this.sfn.send(
        new StartExecutionCommand({
          stateMachineArn: this.stateMachineArn,
          name: jobId,
          input: JSON.stringify({ job_id: jobId }),
        }),
      );
    } catch (error) {
      if (error instanceof ExecutionAlreadyExists) return;
      if ((error as { name?: string }).name === 'ExecutionAlreadyExists') return;
      throw error;
    }
  }
}
