import { describe, expect, test } from 'vitest';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { MemoryReportRuns } from '../../../../lambdas/reports/adapters/memory-report-runs';
import { dmaDictionary } from '../../../../lambdas/reports/core/dma-dictionary';
import { ReportDataMissing } from '../../../../lambdas/reports/core/failures';
import { getReport } from '../../../../lambdas/reports/core/get-report';
import { markFailed } from '../../../../lambdas/reports/core/mark-failed';
import { performReport } from '../../../../lambdas/reports/core/perform-report';
import type { VisitColumnsResult } from '../../../../lambdas/reports/core/ports';
import { queueMonitor } from '../../../../lambdas/reports/core/queue-monitor';
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
  bob,
  countingIds,
  FakeQueryEngine,
  fixedClock,
  memoryPorts,
  memoryStepDeps,
  minuteVisits,
  seededCompanies,
} from '../fakes';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const AIRINGS = [
  airing('1', MAR4 + 15 * 3600),
  airing('2', MAR4 + 86400 + 20 * 3600),
  airing('3', MAR4 + 2 * 86400 + 1800),
];

async function setup(visits: Partial<Record<'minute' | 'hour', VisitColumnsResult>>) {
  const companies = await seededCompanies();
  const ports = memoryPorts();
  const query = new FakeQueryEngine(AIRINGS, visits);
  const clock = fixedClock();
  const allowance = allowancePorts();
  const runs = new MemoryReportRuns();
  const stepDeps = memoryStepDeps({ query, ports, companies, clock, runs });
  const started = await performReport(
    {
      companies,
      jobs: ports.jobs,
      queue: ports.queue,
      clock,
      ids: countingIds(),
      runs,
      ...allowance,
    },
    alice,
    { client_uid: 'client-a', date_start: '2024-03-04', date_end: '2024-03-10' },
  );
  const payload = ports.queue.sent[0]!;
  const monitor = async () =>
    (
      await queueMonitor({ companies, jobs: ports.jobs }, alice, {
        client_uid: 'client-a',
        session_uid: started.session_uid,
      })
    ).queues;
  return { companies, ports, query, stepDeps, payload, monitor, started, allowance, runs };
}

describe('report pipeline', () => {
  test('queue_monitor shows 0, 30, 70, 90 then 100 complete, and the stored report is readable', async () => {
    const { stepDeps, payload, monitor, companies, ports, allowance } = await setup({
      minute: minuteVisits(AIRINGS, MAR4, { unknownPerMinute: 1 }),
    });
    const seen = [(await monitor())[0]];

    let p = await stepExtract(stepDeps, payload);
    seen.push((await monitor())[0]);
    p = await stepAttribute(stepDeps, p);
    seen.push((await monitor())[0]);
    p = await stepAggregate(stepDeps, p);
    seen.push((await monitor())[0]);
    p = await stepStore(stepDeps, p);
    seen.push((await monitor())[0]);

    expect(seen.map((q) => [q?.status, q?.progress, q?.complete])).toEqual([
      ['queued', 0, false],
      ['running', 30, false],
      ['running', 70, false],
      ['running', 90, false],
      ['complete', 100, true],
    ]);
    expect(p.resolution).toBe('minute');
    expect((await companies.getClient('client-a'))?.latest_report_id).toBe(p.report_id);
    const view = await getReport({ companies, store: ports.store, ...allowance }, alice, {
      client_uid: 'client-a',
    });
    expect(view).toMatchObject({
      report_id: p.report_id,
      advertiser: 'Acme Mattress',
      airing_count: 3,
      sample_data: false,
      time_zone: 'America/New_York',
    });
    expect(view).not.toHaveProperty('airings');
    expect(view.settings).toEqual({
      window: 8,
      attribution_method: 'sessions',
      resolution: 'minute',
    });
    // 3 airings x 3 minutes x 10 extra visits were injected
    expect(view.summary.attributed_visits).toBeGreaterThan(60);
    expect(view.summary.attributed_visits).toBeLessThan(120);
  });

  test('extract reads 8 weeks of visit history before the range and two hours past it', async () => {
    const { stepDeps, payload, query } = await setup({
      minute: minuteVisits(AIRINGS, MAR4, { unknownPerMinute: 1 }),
    });

    await stepExtract(stepDeps, payload);

    const from = MAR4 - 56 * 86400;
    const to = MAR4 + 7 * 86400 + 7200;
    expect(query.calls).toContain(`visits client-a minute ${from} ${to} sessions`);
  });

  test('falls back to hourly visits when the range has no minute visits', async () => {
    const hour = {
      bucketUtc: Float64Array.of(MAR4 + 15 * 3600),
      ...dmaDictionary(['501']),
      values: Float64Array.of(40),
    };
    const { stepDeps, payload } = await setup({ hour });

    const p = await stepExtract(stepDeps, payload);

    expect(p.resolution).toBe('hour');
  });

  test('fails with a message the user can act on when there are no visits', async () => {
    const { stepDeps, payload } = await setup({});

    const error = await stepExtract(stepDeps, payload).catch((e) => e);

    expect(error).toBeInstanceOf(ReportDataMissing);
    expect(error.message).toBe(
      'There are no website visits in 03/04/2024 - 03/10/2024: upload visits first.',
    );
  });

  test("a finished run gives its client's run slot back", async () => {
    const { stepDeps, payload, runs } = await setup({
      minute: minuteVisits(AIRINGS, MAR4, { unknownPerMinute: 1 }),
    });
    const held = await runs.active('client-a');

    let p = await stepExtract(stepDeps, payload);
    p = await stepAttribute(stepDeps, p);
    p = await stepAggregate(stepDeps, p);
    await stepStore(stepDeps, p);

    expect(held?.report_id).toBe(payload.report_id);
    expect(await runs.active('client-a')).toBeNull();
  });

  test("a failed run gives its client's run slot back", async () => {
    const { ports, payload, runs } = await setup({});

    await markFailed({ jobs: ports.jobs, runs }, payload, { Error: 'Error', Cause: 'boom' });

    expect(await runs.active('client-a')).toBeNull();
  });

  test('a failed run shows failed with its safe message on queue_monitor', async () => {
    const { ports, payload, monitor, runs } = await setup({});

    await markFailed({ jobs: ports.jobs, runs }, payload, {
      Error: 'ReportDataMissing',
      Cause: JSON.stringify({
        errorType: 'ReportDataMissing',
        errorMessage: 'There are no airings in 03/04/2024 - 03/10/2024.',
      }),
    });

    expect(await monitor()).toEqual([
      expect.objectContaining({
        status: 'failed',
        complete: false,
        message: 'There are no airings in 03/04/2024 - 03/10/2024.',
      }),
    ]);
  });

  test('an internal failure shows the generic message, never its details', async () => {
    const { ports, payload, monitor, runs } = await setup({});

    await markFailed({ jobs: ports.jobs, runs }, payload, {
      Error: 'Error',
      Cause: JSON.stringify({
        errorType: 'Error',
        errorMessage: 'Athena query 123 FAILED: SYNTAX_ERROR line 1',
      }),
    });

    expect((await monitor())[0]?.message).toBe(GENERIC_ERROR_MESSAGE);
  });

  test("another user's session shows no queue items", async () => {
    const { companies, ports, started } = await setup({});
    await companies.addMembership('bob', 'org-a');

    const out = await queueMonitor({ companies, jobs: ports.jobs }, bob, {
      client_uid: 'client-a',
      session_uid: started.session_uid,
    });

    expect(out.queues).toEqual([]);
  });
});

describe('report pipeline with a comparison period', () => {
  const FEB26 = MAR4 - 7 * 86400;
  // Two airings in the default comparison period (Feb 26 - Mar 3), three in the report week.
  const BOTH = [
    airing('c1', FEB26 + 14 * 3600),
    airing('c2', FEB26 + 3 * 86400 + 19 * 3600),
  ].concat(AIRINGS);

  async function run(airings: typeof BOTH) {
    const companies = await seededCompanies();
    const ports = memoryPorts();
    const allowance = allowancePorts();
    const query = new FakeQueryEngine(airings, {
      minute: minuteVisits(airings, FEB26, { weeks: 2 }),
    });
    const deps = memoryStepDeps({ query, ports, companies });
    await performReport(
      {
        companies,
        jobs: ports.jobs,
        queue: ports.queue,
        clock: deps.clock,
        ids: countingIds(),
        runs: new MemoryReportRuns(),
        ...allowance,
      },
      alice,
      { client_uid: 'client-a', date_start: '2024-03-04', date_end: '2024-03-10' },
    );
    let p = await stepExtract(deps, ports.queue.sent[0]!);
    p = await stepAttribute(deps, p);
    const attributed = new Map(ports.store.objects);
    p = await stepAttribute(deps, p);
    p = await stepAggregate(deps, p);
    p = await stepStore(deps, p);
    const view = await getReport({ companies, store: ports.store, ...allowance }, alice, {
      client_uid: 'client-a',
    });
    return { p, view, query, ports, attributed };
  }

  test('the same response carries the comparison week; its visits never enter the report summary', async () => {
    const { p, view, query } = await run(BOTH);

    expect(p.has_compare).toBe(true);
    expect(query.calls).toContain(
      `visits client-a minute ${FEB26 - 56 * 86400} ${MAR4 + 7 * 86400 + 7200} sessions`,
    );
    expect(view).toMatchObject({
      report_compare_date_start: '2024-02-26',
      report_compare_date_end: '2024-03-03',
      airing_count: 3,
      station_types: ['tv'],
    });
    // One DMA series: 7 days x 1,440 minutes x 2 visits plus 3 x 10 per airing in the range.
    expect(view.summary.airings).toBe(3);
    expect(view.summary.total_visits).toBeCloseTo(7 * 1440 * 2 + 3 * 30, 6);
    expect(view.compare?.summary.airings).toBe(2);
    expect(view.compare?.summary.total_visits).toBeCloseTo(7 * 1440 * 2 + 2 * 30, 6);
    expect(view.compare?.summary.attributed_visits).toBeGreaterThan(40);
    expect(view.compare?.summary.attributed_visits).toBeLessThan(80);
    expect(view.compare?.tables.station?.[0]).toMatchObject({ key: 'WABC', ads: 2 });
  });

  test('the chart: 168 hour points over the report week whose visits sum to the summary total', async () => {
    const { view } = await run(BOTH);

    expect(view.series.bucket).toBe('hour');
    expect(view.series.points).toHaveLength(168);
    expect(view.series.points[0]?.t).toBe('2024-03-04T00:00:00.000Z');
    const visits = view.series.points.reduce((s, q) => s + q.visits, 0);
    expect(visits).toBeCloseTo(view.summary.total_visits, 6);
    expect(view.series.points.reduce((s, q) => s + q.airings, 0)).toBe(3);
    expect(view.series.points[15]).toMatchObject({ airings: 1, visits: 60 * 2 + 30 });
    expect(view.series.points[15]?.baseline).toBeCloseTo(120, 0);
  });

  test('a retried Attribute step writes the same objects', async () => {
    const { p, attributed, ports } = await run(BOTH);

    for (const name of ['result.json', 'compare-result.json', 'series.json']) {
      const key = `${p.work_prefix}${name}`;
      expect(ports.store.objects.get(key)).toEqual(attributed.get(key));
    }
  });

  test('a comparison period without airings gives compare: null, not an error', async () => {
    const { p, view } = await run(AIRINGS);

    expect(p.has_compare).toBe(false);
    expect(view.compare).toBeNull();
    expect(view.report_compare_date_start).toBe('2024-02-26');
    expect(view.summary.airings).toBe(3);
  });

  test('stores the drill-down data next to the report, bound to its client', async () => {
    const { p, ports } = await run(BOTH);

    const drill = await ports.store.getJson<{
      main: { airings: unknown[] };
      compare: { airings: unknown[] };
    }>(`reports/client-a/${p.report_id}/drill.json`);
    expect(drill?.main.airings).toHaveLength(3);
    expect(drill?.compare.airings).toHaveLength(2);
  });

  test('publishes the view get_report serves: the document without its airings', async () => {
    const { p, ports } = await run(BOTH);

    const doc = await ports.store.getJson<ReportDocument>(`reports/client-a/${p.report_id}.json`);
    const view = await ports.store.getJson<Record<string, unknown>>(
      `reports/client-a/${p.report_id}/view.json`,
    );
    const { airings, ...rest } = doc as ReportDocument;
    expect(view).toEqual({ ...rest, airing_count: airings.length });
    expect(view?.airing_count).toBe(3);
  });
});
