import { expect, test } from 'vitest';
import { ddbDocClient } from '#shared/aws/clients';
import { DynamoReportJobs } from '../../lambdas/reports/adapters/dynamo-report-jobs';
import { DynamoReportRuns } from '../../lambdas/reports/adapters/dynamo-report-runs';
import { REPORT_RUN_LIMITS } from '../../lambdas/reports/core/run-throttle';
import { LOCAL_COMPANIES_TABLE, LOCAL_SESSIONS_TABLE } from '../../lib/local/local-names';
import { LOCAL_RESTART_MESSAGE } from '../../lib/local/orphaned-runs';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { importDemoClient, stackForFile } from './support/stack';

interface QueueItem {
  report_id: string;
  status: string;
  message?: string;
}

const local = stackForFile();

/** The Cognito sub in an ID token (who queue_monitor shows the runs of). */
const subOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')).sub as string;

test('a report running when the stack stopped is failed with a reason on the next start, and its client runs again at once', async () => {
  // Prepare: a client with two weeks of airings and simulated visits.
  const { clientUid: client_uid } = await importDemoClient(local, {
    name: 'restart',
    advertiser: 'Restart Sofas',
    weeks: 2,
    spotsPerDay: 4,
    seed: 23,
  });

  // Prepare: what a stack killed in the middle of a run leaves: the run holds its client's slot
  // and its job says running, but its execution died with the process's in-memory runner.
  const now = new Date();
  const nowS = Math.floor(now.getTime() / 1000);
  const left = { client_uid, report_id: 'run-left-running', started_at: now.toISOString() };
  await new DynamoReportRuns(ddbDocClient(), LOCAL_SESSIONS_TABLE).claim(
    left,
    null,
    REPORT_RUN_LIMITS.perHour,
    nowS - (nowS % 3600),
  );
  await new DynamoReportJobs(ddbDocClient(), LOCAL_COMPANIES_TABLE).create({
    ...left,
    session_uid: 'session-left',
    user_id: subOf(local.token),
    report_type: 'pro_insights',
    status: 'running',
    progress: 30,
    params: {
      date_start: '2016-09-01',
      date_end: '2016-09-14',
      window: 8,
      attribution_method: 'sessions',
    },
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  const before = await callApi(local.stack.url, 'perform_report', { client_uid }, local.token)
    .then(() => 'accepted')
    .catch((error: Error) => error.message);

  // Act: stop the stack and start it again on the same folder.
  await local.restart();
  const url = local.stack.url;

  // Assert: the lost run says why it stopped, and a new run is accepted and completes.
  const { queues } = await callApi<{ queues: QueueItem[] }>(
    url,
    'queue_monitor',
    { client_uid, session_uid: 'session-left' },
    local.token,
  );
  const run = await waitForReport(url, client_uid, {}, local.token);

  expect(before).toMatch(/HTTP 429: A report for this client is already running/);
  expect(queues).toEqual([
    expect.objectContaining({
      report_id: 'run-left-running',
      status: 'failed',
      message: LOCAL_RESTART_MESSAGE,
    }),
  ]);
  expect(run.report_id).not.toBe('run-left-running');
  expect(local.lines).toContain('1 report run(s) stopped with the previous start: marked failed');
}, 180_000);
