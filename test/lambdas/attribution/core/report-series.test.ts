import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import {
  buildReportSeries,
  seriesBucket,
} from '../../../../lambdas/attribution/core/report-series';
import { airing, constant, MIN, minuteVisits, T0, WEEK_MIN } from './fixtures';

const DAY = 86_400;
// Three weeks of history, then the report days (T0 is a Monday, 00:00 UTC).
const REPORT_DAY = T0 + 21 * DAY;
const LEN = 4 * WEEK_MIN;

/** 3 visits/min in DMA 501, plus 12 extra in the first 4 minutes after each airing start. */
function spiked(starts: number[]) {
  const x = constant(LEN, 3);
  for (const s of starts) {
    const m = (s - T0) / MIN;
    for (let t = m; t < m + 4; t++) x[t] = (x[t] as number) + 12;
  }
  return minuteVisits(LEN, { '501': x });
}

describe('summary chart series', () => {
  test.each([
    ['one day of minute data', 1, 'minute', 'minute'],
    ['one day of hourly data', 1, 'hour', 'hour'],
    ['two days', 2, 'minute', 'hour'],
    ['31 days', 31, 'minute', 'hour'],
    ['32 days', 32, 'minute', 'day'],
    ['a year', 365, 'hour', 'day'],
  ] as const)('%s: %s data gives %s buckets', (_label, days, resolution, bucket) => {
    expect(seriesBucket(REPORT_DAY, REPORT_DAY + days * DAY, resolution)).toBe(bucket);
  });

  test('a one-day report: 1,440 minute points whose visits sum to the summary total', () => {
    const starts = [REPORT_DAY + 14 * 3600, REPORT_DAY + 20 * 3600 + 30 * 60];
    const airings = starts.map((s, i) => airing({ id: String(i), startUtc: s }));
    const visits = spiked(starts);
    const range = { fromUtc: REPORT_DAY, toUtc: REPORT_DAY + DAY };

    const series = buildReportSeries(airings, visits, range);
    const result = attribute(airings, visits, range);

    expect(series.bucket).toBe('minute');
    expect(series.points).toHaveLength(1440);
    expect(series.points[0]?.t).toBe('2016-05-23T00:00:00.000Z');
    const total = series.points.reduce((s, p) => s + p.visits, 0);
    expect(total).toBeCloseTo(result.campaign.totalVisits, 6);
    expect(total).toBeCloseTo(1440 * 3 + 2 * 4 * 12, 6);
    expect(series.points.reduce((s, p) => s + p.airings, 0)).toBe(2);
    expect(series.points[14 * 60]?.airings).toBe(1);
  });

  test("inside an airing's window the baseline sums to the engine's expected visits; outside it follows the seasonal level", () => {
    const start = REPORT_DAY + 14 * 3600;
    const airings = [airing({ id: 'a', startUtc: start })];
    const visits = spiked([start]);
    const range = { fromUtc: REPORT_DAY, toUtc: REPORT_DAY + DAY };

    const series = buildReportSeries(airings, visits, range);
    const result = attribute(airings, visits, range);

    const window = series.points.slice(14 * 60, 14 * 60 + 8);
    const baseline = window.reduce((s, p) => s + p.baseline, 0);
    expect(baseline).toBeCloseTo(result.airings[0]?.expected ?? Number.NaN, 9);
    expect(series.points[3 * 60]?.baseline).toBeCloseTo(3, 6);
    expect(series.points[14 * 60 + 1]?.visits).toBe(15);
  });

  test('a week: 168 hour points; airings outside the range are neither counted nor summed', () => {
    const inRange = REPORT_DAY + 2 * DAY + 9 * 3600;
    const before = REPORT_DAY - DAY + 9 * 3600;
    const airings = [
      airing({ id: 'old', startUtc: before }),
      airing({ id: 'in', startUtc: inRange }),
    ];
    const visits = spiked([before, inRange]);
    const range = { fromUtc: REPORT_DAY, toUtc: REPORT_DAY + 7 * DAY };

    const series = buildReportSeries(airings, visits, range);

    expect(series.bucket).toBe('hour');
    expect(series.points).toHaveLength(168);
    expect(series.points.map((p) => p.airings).filter((n) => n > 0)).toEqual([1]);
    expect(series.points[2 * 24 + 9]?.visits).toBeCloseTo(60 * 3 + 4 * 12, 6);
    expect(series.points.reduce((s, p) => s + p.visits, 0)).toBeCloseTo(7 * 1440 * 3 + 48, 6);
  });

  test('a report without visit data gives zero-visit points, one per bucket', () => {
    const airings = [airing({ id: 'a', startUtc: REPORT_DAY + 3600 })];
    const visits = minuteVisits(0, {});

    const series = buildReportSeries(airings, visits, {
      fromUtc: REPORT_DAY,
      toUtc: REPORT_DAY + 40 * DAY,
    });

    expect(series.bucket).toBe('day');
    expect(series.points).toHaveLength(40);
    expect(series.points[0]).toEqual({
      t: '2016-05-23T00:00:00.000Z',
      visits: 0,
      baseline: 0,
      airings: 1,
    });
  });
});
