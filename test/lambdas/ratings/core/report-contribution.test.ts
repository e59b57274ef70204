import { describe, expect, test } from 'vitest';
import { ratingsContributionsOf } from '../../../../lambdas/ratings/core/contribution';
import { MemoryReportRuns } from '../../../../lambdas/reports/adapters/memory-report-runs';
import { performReport } from '../../../../lambdas/reports/core/perform-report';
import type { ReportStepPayload } from '../../../../lambdas/reports/core/ports';
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
} from '../../reports/fakes';
import { MemorySources } from '../support/memory-ratings';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const AIRINGS = [
  airing('1', MAR4 + 15 * 3600),
  airing('2', MAR4 + 86400 + 20 * 3600),
  airing('3', MAR4 + 2 * 86400 + 1800),
];

describe('the report pipeline feeds the ratings', () => {
  test("Store files the month's slots of a real client: counts and cents, no name", async () => {
    // Prepare
    const companies = await seededCompanies();
    const ports = memoryPorts();
    const ratings = new MemorySources();
    const deps = {
      ...memoryStepDeps({
        query: new FakeQueryEngine(AIRINGS, { minute: minuteVisits(AIRINGS, MAR4) }),
        ports,
        companies,
      }),
      ratings,
    };
    await performReport(
      {
        companies,
        jobs: ports.jobs,
        queue: ports.queue,
        clock: fixedClock(),
        ids: countingIds(),
        runs: new MemoryReportRuns(),
        ...allowancePorts(),
      },
      alice,
      { client_uid: 'client-a', date_start: '2024-03-04', date_end: '2024-03-10' },
    );

    // Act
    let p = await stepExtract(deps, ports.queue.sent[0] as ReportStepPayload);
    p = await stepAttribute(deps, p);
    p = await stepAggregate(deps, p);
    await stepStore(deps, p);

    // Assert
    const [filed] = await ratings.listMonth('real', '2024-03');
    expect(filed).toMatchObject({
      client_uid: 'client-a',
      month: '2024-03',
      days_covered: 7,
      airings: 3,
    });
    // 10:00 and 15:00 EST are Daytime, 19:30 Prime Access
    expect(
      filed?.rows.map((r) => [
        r.station,
        r.market,
        r.daypart,
        r.airings,
        r.cost_cents,
        r.costed_seconds,
      ]),
    ).toEqual([
      ['WABC', '501', 'tv:daytime', 2, 20_000, 60],
      ['WABC', '501', 'tv:prime_access', 1, 10_000, 30],
    ]);
    expect(filed?.visits).toBeGreaterThan(0);
    expect(JSON.stringify(filed)).not.toContain('Client A');
  });

  test("an airing late on the last evening of a month counts in that month (market's local time)", () => {
    // 2024-04-01 02:30 UTC is 22:30 on March 31 in New York
    const late = airing('x', Date.UTC(2024, 3, 1, 2, 30) / 1000);

    const [c] = ratingsContributionsOf({
      client: { client_uid: 'c', org_uid: 'o' },
      reportId: 'r',
      dateStart: '2024-03-25',
      dateEnd: '2024-04-07',
      updatedAt: 'now',
      scored: [{ airing: late, result: { attributed: 2 } }],
    });

    expect(c).toMatchObject({ month: '2024-03', days_covered: 7, airings: 1, visits: 2 });
    expect(c?.rows[0]?.daypart).toBe('tv:prime');
  });
});
