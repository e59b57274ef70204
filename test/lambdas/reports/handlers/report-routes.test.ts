import { describe, expect, test } from 'vitest';
import { MemoryReportRuns } from '../../../../lambdas/reports/adapters/memory-report-runs';
import { makeHandler as makeGetReport } from '../../../../lambdas/reports/handlers/get-report.handler';
import { makeHandler as makePerformReport } from '../../../../lambdas/reports/handlers/perform-report.handler';
import { makeHandler as makeQueueMonitor } from '../../../../lambdas/reports/handlers/queue-monitor.handler';
import { allowancePorts, countingIds, fixedClock, memoryPorts, seededCompanies } from '../fakes';
import { envelope, httpEvent, lambdaContext } from './events';

async function setup() {
  const companies = await seededCompanies();
  const ports = memoryPorts();
  const allowance = allowancePorts();
  const perform = makePerformReport(() => ({
    companies,
    jobs: ports.jobs,
    queue: ports.queue,
    clock: fixedClock(),
    ids: countingIds(),
    runs: new MemoryReportRuns(),
    ...allowance,
  }));
  const monitor = makeQueueMonitor(() => ({ companies, jobs: ports.jobs }));
  const report = makeGetReport(() => ({ companies, store: ports.store, ...allowance }));
  return { perform, monitor, report, ports };
}

describe('perform_report, queue_monitor and get_report routes', () => {
  test('a signed-in user queues a report and sees it queued', async () => {
    const { perform, monitor, ports } = await setup();

    const res = await perform(
      httpEvent({
        method: 'POST',
        path: '/ss_rest/perform_report',
        sub: 'alice',
        body: { client_uid: 'client-a', window: 8 },
      }),
      lambdaContext,
    );
    const started = envelope(res).result as { report_id: string; session_uid: string };
    const polled = await monitor(
      httpEvent({
        method: 'GET',
        path: '/ss_rest/queue_monitor',
        sub: 'alice',
        query: { client_uid: 'client-a', session_uid: started.session_uid },
      }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(200);
    expect(ports.queue.sent).toHaveLength(1);
    expect(envelope(polled)).toEqual({
      success: true,
      message: 'OK',
      result: {
        queues: [
          {
            report_type: 'pro_insights',
            report_id: started.report_id,
            progress: 0,
            complete: false,
            status: 'queued',
          },
        ],
      },
    });
  });

  test('answers 401 without a signed-in user', async () => {
    const { perform } = await setup();

    const res = await perform(
      httpEvent({
        method: 'POST',
        path: '/ss_rest/perform_report',
        body: { client_uid: 'client-a' },
      }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(401);
    expect(envelope(res).success).toBe(false);
  });

  test('answers 400 naming the window field', async () => {
    const { perform } = await setup();

    const res = await perform(
      httpEvent({
        method: 'POST',
        path: '/ss_rest/perform_report',
        sub: 'alice',
        body: { client_uid: 'client-a', window: 90 },
      }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(400);
    expect(envelope(res).error).toEqual({
      code: 'invalid_input',
      field: 'window',
      message: 'window must be a whole number of minutes from 1 to 60.',
    });
  });

  test("answers 404 for a report of another organisation's client", async () => {
    const { report, ports } = await setup();
    await ports.store.putJson('reports/client-b/r-b.json', { report_id: 'r-b', airings: [] });

    const res = await report(
      httpEvent({
        method: 'GET',
        path: '/ss_rest/get_report',
        sub: 'alice',
        query: { client_uid: 'client-b', report_id: 'r-b' },
      }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(404);
    expect(envelope(res).error?.code).toBe('not_found');
  });

  test('answers 400 naming session_uid when queue_monitor lacks it', async () => {
    const { monitor } = await setup();

    const res = await monitor(
      httpEvent({
        method: 'GET',
        path: '/ss_rest/queue_monitor',
        sub: 'alice',
        query: { client_uid: 'client-a' },
      }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(400);
    expect(envelope(res).error?.field).toBe('session_uid');
  });
});
