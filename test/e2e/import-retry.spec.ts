import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { expect, test } from '@playwright/test';
import { STUCK_JOB_MESSAGES } from '#shared/jobs/job-timeouts';
import { DynamoActiveJobs } from '../../lambdas/jobs/adapters/dynamo-active-jobs';
import { dynamoSweptJobs } from '../../lambdas/jobs/adapters/sweeper-deps';
import { sweepJobs } from '../../lambdas/jobs/core/sweep-jobs';
import { DynamoReportRuns } from '../../lambdas/reports/adapters/dynamo-report-runs';
import { LOCAL_COMPANIES_TABLE, LOCAL_SESSIONS_TABLE } from '../../lib/local/local-names';
import { LOCAL_BUCKETS } from '../../lib/local/s3';
import { readPorts } from '../../lib/local/stack-state';
import { demoLogin, logInWithForm } from './support/auth-helpers';
import { E2E_LOCAL_DIR } from './support/e2e-env';

const SHOTS = 'test-results/screenshots';
const POSTLOG =
  'Station,Market,Air Date,Air Time,ISCI,Length,Cost\nWABC,501,6/1/2016,8:30 PM,AC1,30,$100\nWGN,602,6/2/2016,7:00 PM,AC2,30,$50\n';

test('an import that stopped shows why, and Retry imports the same file', async ({ page }) => {
  // Prepare: the stack's DynamoDB Local and s3rver, as the sweeper and S3 reach them.
  const ports = readPorts(E2E_LOCAL_DIR);
  const aws = {
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ ...aws, endpoint: `http://127.0.0.1:${ports.dynamodb}` }),
  );
  const s3 = new S3Client({
    ...aws,
    endpoint: `http://127.0.0.1:${ports.s3}`,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  await logInWithForm(page, demoLogin());
  await page.getByRole('button', { name: 'Accept' }).click();
  // The browser's upload "succeeds" but the file never reaches S3: the import waits for ever.
  await page.route(`**/${LOCAL_BUCKETS.uploads}/`, (route) => route.fulfill({ status: 204 }));
  const form = page
    .locator('form.upload')
    .filter({ has: page.getByRole('heading', { name: 'Post-log' }) });
  const created = page.waitForResponse((r) => r.url().includes('/ss_rest/create_upload'));
  await form.locator('input[type="file"]').setInputFiles({
    name: 'stuck-postlog.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(POSTLOG),
  });
  await form.getByRole('button', { name: 'Upload' }).click();
  const upload = (await (await created).json()).result as {
    postlog_id: string;
    fields: { key: string };
  };
  await expect(form.getByText('Reading your file…')).toBeVisible();

  // Act: the sweeper runs as it would 21 minutes later.
  const swept = await sweepJobs({
    index: new DynamoActiveJobs(db, LOCAL_COMPANIES_TABLE),
    jobs: dynamoSweptJobs(db, LOCAL_COMPANIES_TABLE),
    runSlots: new DynamoReportRuns(db, LOCAL_SESSIONS_TABLE),
    now: () => new Date(Date.now() + 21 * 60_000),
  });

  // Assert: the screen leaves "Reading your file…" and says why, with Retry.
  expect(swept.failed.map((r) => r.id)).toContain(upload.postlog_id);
  await expect(form.getByText(STUCK_JOB_MESSAGES.import)).toBeVisible();
  const retry = form.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await form.screenshot({ path: `${SHOTS}/import-stopped-retry.png` });

  // Act: the file is in the bucket now (a failed job ignores its event); the user retries.
  await s3.send(
    new PutObjectCommand({
      Bucket: LOCAL_BUCKETS.uploads,
      Key: upload.fields.key,
      Body: POSTLOG,
      ContentType: 'text/csv',
    }),
  );
  await retry.click();

  // Assert: the same file is imported.
  await expect(form.getByText('Import complete.')).toBeVisible({ timeout: 60_000 });
  await expect(form.getByTestId('import-summary')).toContainText('New spots');
  await form.screenshot({ path: `${SHOTS}/import-retried.png` });
});
