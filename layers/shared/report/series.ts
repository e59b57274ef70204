import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { ReportSeries } from '../contracts/report.schema';
import { formatDateMDY } from '../format';

/**
 * The summary chart's data (the summary's one time-series chart of visits per
 * minute/hour/day, airings marked, baseline drawn), drawn by the report screen and the printed
 * report alike; what the screen's chart emphasises is web/src/lib/series.ts. Pure.
 */

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
