import type { ChartPoint } from '#shared/report/series';

/**
 * The report screen's summary chart: which metric it emphasises, the browser's time zone and the
 * chart's text summary. The chart points themselves are layers/shared/report/series.ts.
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

/** The browser's time zone (for reports stored before they carried `time_zone`). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
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
