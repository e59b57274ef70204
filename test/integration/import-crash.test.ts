import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Caller } from '#shared/auth/caller';
import { ddbDocClient, s3Client } from '#shared/aws/clients';
import { newClientRecord } from '#shared/companies/companies';
import type { ImportJob } from '#shared/contracts/postlog.schema';
import { STUCK_JOB_MESSAGES } from '#shared/jobs/job-timeouts';
import { DynamoLakeGenerationReader } from '#shared/lake-generations';
import { buildImportDeps } from '../../lambdas/imports/adapters/import-deps';
import { collectLakeGarbage } from '../../lambdas/imports/core/collect-lake-garbage';
import { createUpload } from '../../lambdas/imports/core/create-upload';
import type { ImportDeps } from '../../lambdas/imports/core/ports';
import { retryImport } from '../../lambdas/imports/core/retry-import';
import { DynamoActiveJobs } from '../../lambdas/jobs/adapters/dynamo-active-jobs';
import { dynamoSweptJobs } from '../../lambdas/jobs/adapters/sweeper-deps';
import { sweepJobs } from '../../lambdas/jobs/core/sweep-jobs';
import { DuckDbQueryEngine } from '../../lambdas/reports/adapters/duckdb-query-engine';
import { DynamoReportJobs } from '../../lambdas/reports/adapters/dynamo-report-jobs';
import { MemoryReportRuns } from '../../lambdas/reports/adapters/memory-report-runs';
import { queueMonitor } from '../../lambdas/reports/core/queue-monitor';
import { ensureCompaniesTable, type LocalDynamo, startDynamoDb } from '../../lib/local/dynamodb';
import { applyEnv } from '../../lib/local/env';
import { PROJECT_ROOT } from '../../lib/local/handler-loader';
import { pollUntil } from '../../lib/local/import-file';
import { LOCAL_BUCKETS, type LocalS3, startS3 } from '../../lib/local/s3';
import { UploadNotifications } from '../../lib/local/upload-events';
import { TEST_DYNAMO_JVM } from '../support/dynamo-jvm';
import { tempStackDir } from './support/stack';

const TABLE = 'analyticowl-companies';
const dir = tempStackDir();
let dynamo: LocalDynamo | undefined;
let s3: LocalS3 | undefined;
let notifications: UploadNotifications;
let env: Record<string, string>;
let deps: ImportDeps;
/** Whether s3rver's events reach the import worker of this process (off while a child runs it). */
let routing = true;
const children: ChildProcess[] = [];

const alice: Caller = {
  userId: 'alice',
  email: 'alice@a.example',
  emailVerified: true,
  staff: false,
  agent: false,
};
const HEADER = 'Station,Market,Air Date,Air Time,ISCI,Length,Cost';
/** `n` airings of `station`, one a day from June 1, 2016. */
const rows = (station: string, n: number, cost = '$100') =>
  Array.from(
    { length: n },
    (_, i) => `${station},501,6/${i + 1}/2016,8:30 PM,AC${i},30,${cost}`,
  ).join('\n');
/** The first import: WABC on 10 days. */
const FIRST = `${HEADER}\n${rows('WABC', 10)}\n`;
/** The second: 5 of those repriced, and WGN on 25 days (25+ partitions to write). */
const SECOND = `${HEADER}\n${rows('WABC', 5, '$120')}\n${rows('WGN', 25)}\n`;

beforeAll(async () => {
  const log = () => {};
  notifications = new UploadNotifications(LOCAL_BUCKETS.uploads, log);
  [dynamo, s3] = await Promise.all([
    startDynamoDb({ dir: join(dir, 'dynamodb'), log, jvmOptions: TEST_DYNAMO_JVM }),
    startS3({
      dir: join(dir, 's3'),
      corsOrigins: ['http://127.0.0.1:1'],
      onRecord: (r) => {
        if (routing) notifications.onRecord(r);
      },
      log,
    }),
  ]);
  await ensureCompaniesTable(dynamo.endpoint, TABLE);
  env = {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    S3_FORCE_PATH_STYLE: '1',
    COMPANIES_TABLE: TABLE,
    UPLOADS_BUCKET: LOCAL_BUCKETS.uploads,
    LAKE_BUCKET: LOCAL_BUCKETS.lake,
  };
  applyEnv(env);
  deps = buildImportDeps(env);
  await deps.companies.addMembership('alice', 'org-a', 'owner');
  for (const uid of ['c1', 'c2']) {
    await deps.companies.putClient(
      newClientRecord({ client_uid: uid, org_uid: 'org-a', name: 'Acme' }, new Date()),
    );
  }
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await notifications?.idle();
  await s3?.stop();
  await dynamo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** create_upload for client `clientUid` and the file's bytes in the uploads bucket. */
async function uploaded(clientUid: string, text: string) {
  const { postlog_id } = await createUpload(deps, alice, {
    kind: 'postlog',
    file_name: 'log.csv',
    content_type: 'text/csv',
    client_uid: clientUid,
  });
  const key = (await deps.jobs.get(postlog_id))!.object_key;
  await s3Client().send(
    new PutObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: key, Body: text }),
  );
  return { postlog_id, key };
}

/** The job once it leaves awaiting_upload/uploaded. */
const finished = (postlogId: string) =>
  pollUntil<ImportJob>(
    `import ${postlogId}`,
    async () => {
      const job = await deps.jobs.get(postlogId);
      return job && !['awaiting_upload', 'uploaded'].includes(job.status) ? job : undefined;
    },
    60_000,
    100,
  );

/** What a report and the client list see of a client: its airings and its summary. */
async function seen(clientUid: string) {
  const reader = new DuckDbQueryEngine(
    s3!.bucketDir(LOCAL_BUCKETS.lake),
    new DynamoLakeGenerationReader(ddbDocClient(), TABLE),
  );
  const airings = await reader.extractAirings(clientUid, 0, 2_000_000_000);
  const client = await deps.companies.getClient(clientUid);
  return {
    airings: airings.map((a) => `${a.station} ${a.startUtc} ${a.costCents}`).sort(),
    count: client?.airings,
    first: client?.first_airing_utc,
    last: client?.last_airing_utc,
  };
}

/** Objects of the lake under a client's airings, as `date=…/<generation>.parquet`. */
const lakeObjects = (clientUid: string) => {
  const root = join(s3!.bucketDir(LOCAL_BUCKETS.lake), `airings/client_uid=${clientUid}`);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.parquet._S3rver_object'))
    .map((f) => f.replace('._S3rver_object', ''));
};

/** Runs the import worker on `key` in a child process and SIGKILLs it after `writes` lake writes. */
async function killedMidApply(key: string, writes: number): Promise<number> {
  const marker = join(dir, `crash-${Date.now()}`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/integration/support/crash-import.child.ts'],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        ...env,
        CRASH_AFTER_WRITES: String(writes),
        CRASH_MARKER: marker,
        UPLOAD_KEY: key,
      },
      stdio: 'ignore',
    },
  );
  children.push(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const done = await pollUntil(
    'the worker reaching its crash point',
    async () => (existsSync(marker) ? readFileSync(marker, 'utf8') : undefined),
    60_000,
    20,
  );
  child.kill('SIGKILL');
  await exited;
  expect(done, 'the worker was killed before it finished').not.toBe('finished');
  return Number(done);
}

describe('an import killed mid-apply', () => {
  test('leaves exactly the data before it; the sweeper fails it with a reason; Retry completes it exactly', async () => {
    // Prepare: the expected sets, from client c2 importing both files without a crash.
    expect((await finished((await uploaded('c2', FIRST)).postlog_id)).status).toBe('complete');
    const expectedBefore = await seen('c2');
    expect((await finished((await uploaded('c2', SECOND)).postlog_id)).status).toBe('complete');
    const expectedAfter = await seen('c2');
    expect(expectedAfter.airings).toHaveLength(35);
    expect((await finished((await uploaded('c1', FIRST)).postlog_id)).status).toBe('complete');
    expect(await seen('c1')).toEqual(expectedBefore);

    // Act: the second import's worker dies after writing 5 partition objects.
    routing = false;
    const second = await uploaded('c1', SECOND);
    const written = await killedMidApply(second.key, 5);
    routing = true;

    // Assert: readers see exactly the data before it, though the dead worker's objects exist.
    expect(written).toBe(5);
    expect(await seen('c1')).toEqual(expectedBefore);
    expect(lakeObjects('c1')).toHaveLength(10 + 5);
    expect((await deps.jobs.get(second.postlog_id))?.status).toBe('uploaded');

    // Act: the sweeper, 21 minutes on, fails the stuck job with the reason the user sees.
    const later = new Date(Date.now() + 21 * 60_000);
    const db = ddbDocClient();
    const swept = await sweepJobs({
      index: new DynamoActiveJobs(db, TABLE),
      jobs: dynamoSweptJobs(db, TABLE),
      runSlots: new MemoryReportRuns(),
      now: () => later,
    });

    // Assert
    expect(swept.failed.map((r) => r.id)).toEqual([second.postlog_id]);
    expect(await deps.jobs.get(second.postlog_id)).toMatchObject({
      status: 'failed',
      message: STUCK_JOB_MESSAGES.import,
      retryable: true,
    });
    expect(await seen('c1')).toEqual(expectedBefore);

    // Act: Retry runs the import again on the same file (its object announced anew).
    await retryImport(deps, alice, { postlog_id: second.postlog_id });
    const retried = await finished(second.postlog_id);

    // Assert: exactly the data after both imports.
    expect(retried.status).toBe('complete');
    expect(await seen('c1')).toEqual(expectedAfter);

    // Act: the sweeper's lake clean-up, once no reader can need the old generations.
    const garbage = await collectLakeGarbage({ ...deps, now: () => later });

    // Assert: the dead worker's objects and the replaced generation are gone; the data stays.
    expect(garbage.length).toBeGreaterThanOrEqual(2);
    const left = lakeObjects('c1');
    expect(left).toHaveLength(25);
    expect(new Set(left.map((f) => basename(f))).size).toBe(1);
    expect(await seen('c1')).toEqual(expectedAfter);
  }, 180_000);
});

describe('a report run that stops', () => {
  test('is failed by the sweeper with its reason, which queue_monitor shows', async () => {
    const db = ddbDocClient();
    const reports = new DynamoReportJobs(db, TABLE);
    const now = new Date().toISOString();
    await reports.create({
      report_id: 'r-stuck',
      client_uid: 'c1',
      session_uid: 's1',
      user_id: 'alice',
      report_type: 'pro_insights',
      status: 'queued',
      progress: 0,
      params: {
        date_start: '2016-06-01',
        date_end: '2016-06-30',
        window: 8,
        attribution_method: 'sessions',
      },
      created_at: now,
      updated_at: now,
    });
    await reports.update('r-stuck', { status: 'running', progress: 30 });

    const swept = await sweepJobs({
      index: new DynamoActiveJobs(db, TABLE),
      jobs: dynamoSweptJobs(db, TABLE),
      runSlots: new MemoryReportRuns(),
      now: () => new Date(Date.now() + 40 * 60_000),
    });

    expect(swept.failed.map((r) => r.id)).toContain('r-stuck');
    const { queues } = await queueMonitor({ companies: deps.companies, jobs: reports }, alice, {
      client_uid: 'c1',
      session_uid: 's1',
    });
    expect(queues).toEqual([
      expect.objectContaining({
        report_id: 'r-stuck',
        status: 'failed',
        complete: false,
        message: STUCK_JOB_MESSAGES.report,
      }),
    ]);
  });
});
