import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { ReportSeries } from '../../../layers/shared/contracts/report.schema';
import { formatDateMDY } from './format';

/**
 * The summary chart's data (issue #4 "Summary": one time-series chart of visits per
 * minute/hour/day, airings marked, baseline drawn). Pure.
 */

/**
 * What the chart emphasises, picked by clicking a KPI tile (house-style item 14):
 * `visits` = visits with the baseline; `lift` = visits above the baseline (what airings add);
 * `airings` = airings per bucket.
 */
export const CHART_METRICS = ['visits', 'lift', 'airings'] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];

/** Chart titles per metric. */
export const CHART_METRIC_LABELS: Record<ChartMetric, string> = {
  visits: 'Visits and baseline',
  lift: 'Visits above baseline',
  airings: 'Airings',
};

/** Reads a metric from text; anything else is `visits`. */
export function parseChartMetric(value: string | null | undefined): ChartMetric {
  return CHART_METRICS.find((m) => m === value) ?? 'visits';
}

/** One chart point: the bucket label and its values (visits are counts over the bucket). */
export interface ChartPoint {
  /** Bucket start, ISO-8601 UTC. */
  t: string;
  /** Axis label in the display zone: `MM/DD HH:mm` for minutes and hours, `MM/DD/YYYY` for days. */
  label: string;
  visits: number;
  baseline: number;
  /** Visits above the baseline, floored at 0 (display only). */
  above: number;
  airings: number;
}

/** The browser's time zone (for reports stored before they carried `time_zone`). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A bucket start as shown: minute and hour buckets in `timeZone` as `MM/DD HH:mm`; day buckets
 * by their calendar date `MM/DD/YYYY` (a day bucket names a date, not an instant, so it is
 * never shifted across midnight). Unparseable input comes back unchanged.
 */
export function bucketLabel(t: string, bucket: ReportSeries['bucket'], timeZone: string): string {
  if (bucket === 'day') return formatDateMDY(t);
  const instant = new Date(t);
  if (Number.isNaN(instant.getTime())) return t;
  return format(new TZDate(instant.getTime(), timeZone), 'MM/dd HH:mm');
}

/** The series as chart points, in time order. */
export function chartPoints(series: ReportSeries, timeZone: string): ChartPoint[] {
  return [...series.points]
    .sort((a, b) => a.t.localeCompare(b.t))
    .map((p) => ({
      t: p.t,
      label: bucketLabel(p.t, series.bucket, timeZone),
      visits: p.visits,
      baseline: p.baseline,
      above: Math.max(0, p.visits - p.baseline),
      airings: p.airings,
    }));
}

/** Totals over the series: visits, baseline and airings (for the chart's text summary). */
export function seriesTotals(points: readonly ChartPoint[]) {
  return points.reduce(
    (acc, p) => ({
      visits: acc.visits + p.visits,
      baseline: acc.baseline + p.baseline,
      airings: acc.airings + p.airings,
    }),
    { visits: 0, baseline: 0, airings: 0 },
  );
}
