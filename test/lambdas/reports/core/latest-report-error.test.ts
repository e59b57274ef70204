import { describe, expect, test } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { MemoryReportRuns } from '../../../../lambdas/reports/adapters/memory-report-runs';
import { markFailed } from '../../../../lambdas/reports/core/mark-failed';
import { performReport } from '../../../../lambdas/reports/core/perform-report';
import {
  stepAggregate,
  stepAttribute,
  stepExtract,
  stepStore,
} from '../../../../lambdas/reports/core/steps';
import {
  airing,
  alice,
  allowancePorts,
  countingIds,
  FakeQueryEngine,
  fixedClock,
  memoryPorts,
  memoryStepDeps,
  minuteVisits,
  seededCompanies,
} from '../fakes';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const AIRINGS = [airing('1', MAR4 + 15 * 3600), airing('2', MAR4 + 86400 + 20 * 3600)];

async function setup() {
  const companies = await seededCompanies();
  const ports = memoryPorts();
  const clock = fixedClock();
  const runs = new MemoryReportRuns();
  await performReport(
    {
      companies,
      jobs: ports.jobs,
      queue: ports.queue,
      clock,
      ids: countingIds(),
      runs,
      ...allowancePorts(),
    },
    alice,
    { client_uid: 'client-a', date_start: '2024-03-04', date_end: '2024-03-10' },
  );
  const payload = ports.queue.sent[0]!;
  const query = new FakeQueryEngine(AIRINGS, { minute: minuteVisits(AIRINGS, MAR4) });
  const stepDeps = memoryStepDeps({ query, ports, companies, clock, runs });
  return { companies, ports, runs, payload, stepDeps };
}

describe("the client's latest report error", () => {
  test('a failed run leaves its safe message on the client, for the task list row', async () => {
    const { companies, ports, runs, payload } = await setup();

    await markFailed({ jobs: ports.jobs, runs, companies }, payload, {
      Error: 'ReportDataMissing',
      Cause: JSON.stringify({ errorMessage: 'There are no airings in 03/04/2024 - 03/10/2024.' }),
    });

    expect((await companies.getClient('client-a'))?.latest_report_error).toBe(
      'There are no airings in 03/04/2024 - 03/10/2024.',
    );
  });

  test('an internal failure leaves the generic message, never its details', async () => {
    const { companies, ports, runs, payload } = await setup();

    await markFailed({ jobs: ports.jobs, runs, companies }, payload, {
      Error: 'Error',
      Cause: 'Athena query 123 FAILED: SYNTAX_ERROR',
    });

    expect((await companies.getClient('client-a'))?.latest_report_error).toBe(
      GENERIC_ERROR_MESSAGE,
    );
  });

  test('a run that completes clears the error of an earlier failed run', async () => {
    const { companies, payload, stepDeps } = await setup();
    await companies.updateClient('client-a', { latest_report_error: 'Something went wrong.' });

    let p = await stepExtract(stepDeps, payload);
    p = await stepAttribute(stepDeps, p);
    p = await stepAggregate(stepDeps, p);
    await stepStore(stepDeps, p);

    const client = await companies.getClient('client-a');
    expect(client?.latest_report_id).toBe(payload.report_id);
    expect(client?.latest_report_error || null).toBeNull();
  });
});
