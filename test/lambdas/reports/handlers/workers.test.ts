import type { SQSEvent } from 'aws-lambda';
import { describe, expect, test } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { MemoryReportRuns } from '../../../../lambdas/reports/adapters/memory-report-runs';
import { dmaDictionary } from '../../../../lambdas/reports/core/dma-dictionary';
import type { ReportStepPayload } from '../../../../lambdas/reports/core/ports';
import { makeHandler as makeReportQueue } from '../../../../lambdas/reports/handlers/report-queue.handler';
import { makeHandler as makeExtract } from '../../../../lambdas/reports/handlers/steps/extract.handler';
import { makeHandler as makeMarkFailed } from '../../../../lambdas/reports/handlers/steps/mark-failed.handler';
import { airing, FakeQueryEngine, memoryPorts, memoryStepDeps, seededCompanies } from '../fakes';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const payload: ReportStepPayload = {
  report_id: 'rep-1',
  client_uid: 'client-a',
  session_uid: 'sess-1',
  report_type: 'pro_insights',
  params: {
    date_start: '2024-03-04',
    date_end: '2024-03-04',
    window: 8,
    attribution_method: 'sessions',
  },
  work_prefix: 'work/rep-1/',
};

function sqsEvent(bodies: string[]): SQSEvent {
  return {
    Records: bodies.map((body, i) => ({
      messageId: `m${i + 1}`,
      receiptHandle: 'r',
      body,
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: '0',
        SenderId: 's',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:1:q',
      awsRegion: 'us-east-1',
    })),
  };
}

async function jobsWithOne() {
  const ports = memoryPorts();
  await ports.jobs.create({
    ...payload,
    user_id: 'alice',
    status: 'queued',
    progress: 0,
    created_at: 'x',
    updated_at: 'x',
  });
  return ports;
}

describe('report workers', () => {
  test('the queue consumer starts one execution for a message delivered twice', async () => {
    const { executions } = memoryPorts();
    const handler = makeReportQueue(() => ({ executions }));

    const out = await handler(sqsEvent([JSON.stringify(payload), JSON.stringify(payload)]));

    expect(out).toEqual({ batchItemFailures: [] });
    expect(executions.started.size).toBe(1);
  });

  test('the Extract step returns the payload with the resolution it picked and no comparison for a run queued without one', async () => {
    const ports = await jobsWithOne();
    const query = new FakeQueryEngine([airing('1', MAR4 + 3600)], {
      hour: {
        bucketUtc: Float64Array.of(MAR4 + 3600),
        ...dmaDictionary(['501']),
        values: Float64Array.of(9),
      },
    });
    const companies = await seededCompanies();
    const handler = makeExtract(() => memoryStepDeps({ query, ports, companies }));

    const out = await handler(payload);

    expect(out).toEqual({
      ...payload,
      resolution: 'hour',
      has_compare: false,
      foot_traffic_resolution: null,
    });
    expect((await ports.jobs.get('rep-1'))?.progress).toBe(30);
  });

  test('MarkFailed takes the Catch error and stores a safe message', async () => {
    const ports = await jobsWithOne();
    const handler = makeMarkFailed(() => ({ jobs: ports.jobs, runs: new MemoryReportRuns() }));

    const out = await handler({
      ...payload,
      error: { Error: 'Lambda.Unknown', Cause: 'Task timed out after 300.00 seconds' },
    });

    expect(out).toEqual(payload);
    expect(await ports.jobs.get('rep-1')).toMatchObject({
      status: 'failed',
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  test('MarkFailed shows the plain message of a user-safe error from the local runner', async () => {
    const ports = await jobsWithOne();
    const handler = makeMarkFailed(() => ({ jobs: ports.jobs, runs: new MemoryReportRuns() }));

    await handler({
      ...payload,
      error: {
        Error: 'ReportDataMissing',
        Cause: 'There are no airings in 03/04/2024 - 03/04/2024.',
      },
    });

    expect((await ports.jobs.get('rep-1'))?.message).toBe(
      'There are no airings in 03/04/2024 - 03/04/2024.',
    );
  });
});
