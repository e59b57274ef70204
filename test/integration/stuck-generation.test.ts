import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ddbDocClient } from '#shared/aws/clients';
import { STUCK_JOB_MESSAGES } from '#shared/jobs/job-timeouts';
import { DynamoFamilyJobs } from '../../lambdas/families/adapters/family-adapters';
import { DynamoRollupJobs } from '../../lambdas/families/adapters/org-rollup-stores';
import { generationStatus } from '../../lambdas/families/core/generate';
import type { FamilyJob } from '../../lambdas/families/core/ports';
import { DynamoActiveJobs } from '../../lambdas/jobs/adapters/dynamo-active-jobs';
import { dynamoSweptJobs } from '../../lambdas/jobs/adapters/sweeper-deps';
import { sweepJobs } from '../../lambdas/jobs/core/sweep-jobs';
import { MemoryReportRuns } from '../../lambdas/reports/adapters/memory-report-runs';
import { ensureCompaniesTable, type LocalDynamo, startDynamoDb } from '../../lib/local/dynamodb';
import { applyEnv } from '../../lib/local/env';
import { TEST_DYNAMO_JVM } from '../support/dynamo-jvm';
import { tempStackDir } from './support/stack';

const TABLE = 'analyticowl-companies';
const dir = tempStackDir();
let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startDynamoDb({
    dir: join(dir, 'dynamodb'),
    log: () => {},
    jvmOptions: TEST_DYNAMO_JVM,
  });
  await ensureCompaniesTable(dynamo.endpoint, TABLE);
  applyEnv({
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
  });
}, 120_000);

afterAll(async () => {
  await dynamo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const START = new Date('2026-11-26T10:00:00.000Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

function familyJob(jobId: string): FamilyJob {
  return {
    job_id: jobId,
    kind: 'monthly',
    user_id: 'alice',
    caller: { userId: 'alice', email: 'alice@example.com', staff: false } as FamilyJob['caller'],
    client_uid: 'client-a',
    label: 'Monthly report · Acme · October 2026',
    request: { kind: 'monthly', client_uid: 'client-a', month: '2026-10' },
    status: 'queued',
    progress: 0,
    created_at: START.toISOString(),
    updated_at: START.toISOString(),
  };
}

const sweepAt = (minutes: number) => {
  const db = ddbDocClient();
  return sweepJobs({
    index: new DynamoActiveJobs(db, TABLE),
    jobs: dynamoSweptJobs(db, TABLE),
    runSlots: new MemoryReportRuns(),
    now: () => at(minutes),
  });
};

describe('generation jobs the sweeper watches', () => {
  test("a generated report stuck running past the Generate machine's timeout shows failed with a reason; a finished one is left alone", async () => {
    const db = ddbDocClient();
    const jobs = new DynamoFamilyJobs(db, TABLE, () => START);
    await jobs.create(familyJob('gen-stuck'));
    await jobs.update('gen-stuck', { status: 'running', progress: 30 });
    await jobs.create(familyJob('gen-done'));
    await jobs.update('gen-done', { status: 'done', progress: 100 });

    const early = await sweepAt(30);
    const late = await sweepAt(36);

    expect(early.failed).toEqual([]);
    expect(late.failed.map((r) => r.id)).toEqual(['gen-stuck']);
    const status = await generationStatus(
      { jobs, files: { link: async () => '', put: async () => {}, get: async () => null } },
      familyJob('x').caller,
      'gen-stuck',
    );
    expect(status).toMatchObject({ status: 'failed', error: STUCK_JOB_MESSAGES.generation });
    expect((await jobs.get('gen-done'))?.status).toBe('done');
  });

  test("an organisation roll-up is given its machine's two hours before it is failed", async () => {
    const db = ddbDocClient();
    const rollups = new DynamoRollupJobs(db, TABLE, () => START);
    await rollups.create({
      job_id: 'org-stuck',
      kind: 'org_reporting',
      user_id: 'alice',
      client_uid: '',
      label: 'Organisation roll-up · Rep Co · 10/01/2026 – 10/31/2026',
      request: { org_uid: 'org-a', start: '2026-10-01', end: '2026-10-31' },
      status: 'queued',
      progress: 0,
      created_at: START.toISOString(),
      updated_at: START.toISOString(),
    });
    await rollups.update('org-stuck', { status: 'running', progress: 10 });

    const early = await sweepAt(60);
    const late = await sweepAt(126);

    expect(early.failed.map((r) => r.id)).not.toContain('org-stuck');
    expect(late.failed.map((r) => r.id)).toContain('org-stuck');
    const jobs = new DynamoFamilyJobs(db, TABLE);
    expect(await jobs.get('org-stuck')).toMatchObject({
      status: 'failed',
      error: STUCK_JOB_MESSAGES.org_reporting,
    });
  });
});
