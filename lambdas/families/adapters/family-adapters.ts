import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ExecutionAlreadyExists, type SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import {
  BatchGetCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { stripKeys } from '#shared/aws/item-keys';
import { updateExisting } from '#shared/aws/update-patch';
import { markActive, markDone } from '#shared/jobs/active-jobs';
import { recordUserJob, userJobSkFrom } from '#shared/jobs/user-jobs';
import type { UserJobIndex } from '../core/generate';
import type {
  FamilyFiles,
  FamilyJob,
  FamilyJobs,
  GenerateExecutions,
  GenerateQueue,
} from '../core/ports';

/** The job item's key: pk GENJOB#<job_id>, sk META (the tasks panel reads it by this key). */
export const familyJobKey = (jobId: string) => ({ pk: `GENJOB#${jobId}`, sk: 'META' });

/**
 * FamilyJobs on the CompaniesTable: one item per job (`GENJOB#<job_id>` / `META`, the job's
 * fields; `status` queued | running | done | failed); the user's jobs are found through their job
 * index (layers/shared/jobs/user-jobs.ts, kinds generated_report and org_reporting), then read
 * by key.
 */
export class DynamoFamilyJobs implements FamilyJobs {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Writes the job, its stuck-job marker first (kind `generation`, layers/shared/jobs/active-jobs.ts):
   * a job the Generate machine never finishes is failed by the sweeper with a reason.
   */
  async create(job: FamilyJob): Promise<void> {
    await markActive(this.ddb, this.table, 'generation', job.job_id, job.created_at);
    await this.db.send(
      new PutCommand({ TableName: this.table, Item: { ...familyJobKey(job.job_id), ...job } }),
    );
  }

  private get ddb(): DynamoDBDocumentClient {
    return this.db as DynamoDBDocumentClient;
  }

  async get(jobId: string): Promise<FamilyJob | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: familyJobKey(jobId), ConsistentRead: true }),
    );
    return out.Item ? stripKeys<FamilyJob>(out.Item) : null;
  }

  async update(jobId: string, patch: Parameters<FamilyJobs['update']>[1]): Promise<void> {
    await updateExisting(
      this.db as DynamoDBDocumentClient,
      this.table,
      familyJobKey(jobId),
      { ...patch, updated_at: this.now().toISOString() },
      'Report',
    );
    // Finished: the marker goes after the job left the timed states (never a running job without one).
    if (patch.status === 'done' || patch.status === 'failed') {
      await markDone(this.ddb, this.table, 'generation', jobId);
    }
  }

  /** Adds one to the job's `done_count` and returns it (atomic; the roll-up counts clients). */
  async countDone(jobId: string): Promise<number> {
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: familyJobKey(jobId),
        UpdateExpression: 'ADD done_count :one SET updated_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1, ':at': this.now().toISOString() },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.done_count ?? 0);
  }

  async listByUser(userId: string, sinceIso: string, limit: number): Promise<FamilyJob[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': `USER#${userId}`,
          ':from': userJobSkFrom(sinceIso),
          ':to': 'JOB#\uffff',
        },
        ScanIndexForward: false,
        Limit: 200,
      }),
    );
    const ids = (out.Items ?? [])
      .filter((i) => i.kind === 'generated_report' || i.kind === 'org_reporting')
      .map((i) => String(i.id))
      .slice(0, limit);
    if (ids.length === 0) return [];
    const got = await this.db.send(
      new BatchGetCommand({
        RequestItems: { [this.table]: { Keys: ids.map(familyJobKey) } },
      }),
    );
    const byId = new Map(
      (got.Responses?.[this.table] ?? []).map((i) => {
        const job = stripKeys<FamilyJob>(i);
        return [job.job_id, job] as const;
      }),
    );
    return ids.flatMap((id) => {
      const job = byId.get(id);
      return job && job.user_id === userId ? [job] : [];
    });
  }
}

/** The user's job index on the CompaniesTable (recordUserJob). */
export class DynamoUserJobIndex implements UserJobIndex {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {}
  record(entry: Parameters<UserJobIndex['record']>[0]): Promise<void> {
    return recordUserJob(this.db, this.table, entry);
  }
}

/** How long a generated report's links work, seconds. */
export const FAMILY_LINK_EXPIRES_S = 15 * 60;

/**
 * FamilyFiles on the reports bucket (s3rver locally): objects under `generated/<job_id>/`;
 * links are presigned GETs that set Content-Type and Content-Disposition (inline or attachment).
 */
export class S3FamilyFiles implements FamilyFiles {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly expiresS = FAMILY_LINK_EXPIRES_S,
  ) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body ? await out.Body.transformToByteArray() : null;
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      throw error;
    }
  }

  async link(
    key: string,
    options: { fileName: string; download: boolean; contentType: string },
  ): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: `${options.download ? 'attachment' : 'inline'}; filename="${options.fileName}"`,
    });
    return getSignedUrl(this.s3, command, { expiresIn: this.expiresS });
  }
}

/** The GenerateQueue (SQS): body `{ job_id }`. */
export class SqsGenerateQueue implements GenerateQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}
  async send(message: { job_id: string }): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(message) }),
    );
  }
}

/** Generate executions named after the job (a retried message starts nothing twice). */
export class SfnGenerateExecutions implements GenerateExecutions {
  constructor(
    private readonly sfn: SFNClient,
    private readonly stateMachineArn: string,
  ) {}
  async start(input: { job_id: string }): Promise<'started' | 'already-started'> {
    try {
      await this.sfn.send(
        new StartExecutionCommand({
          stateMachineArn: this.stateMachineArn,
          name: input.job_id,
          input: JSON.stringify({ job_id: input.job_id }),
        }),
      );
      return 'started';
    } catch (error) {
      if (error instanceof ExecutionAlreadyExists) return 'already-started';
      if ((error as { name?: string }).name === 'ExecutionAlreadyExists') return 'already-started';
      throw error;
    }
  }
}
