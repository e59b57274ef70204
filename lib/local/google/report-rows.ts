import { TZDate } from '@date-fns/tz';
import { tzOffsetSeconds } from '../../../lambdas/attribution/core/local-time';
import type { PlaceSeries } from './visits-source';

/** Dimensions the stand-in's runReport answers (GA4 API names). */
export const DIMENSIONS = [
  'date',
  'dateHour',
  'dateHourMinute',
  'city',
  'region',
  'country',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];
type PlaceDimension = 'city' | 'region' | 'country';
type TimeDimension = Exclude<Dimension, PlaceDimension>;
const isPlace = (d: Dimension): d is PlaceDimension =>
  d === 'city' || d === 'region' || d === 'country';

/** Metrics it answers, with GA4's metric types. */
export const METRICS = {
  sessions: 'TYPE_INTEGER',
  newUsers: 'TYPE_INTEGER',
  screenPageViews: 'TYPE_INTEGER',
  engagedSessions: 'TYPE_INTEGER',
  userEngagementDuration: 'TYPE_SECONDS',
} as const;
export type Metric = keyof typeof METRICS;

type SeriesField = keyof Omit<PlaceSeries, 'place'>;
const SERIES_FIELD: Record<Metric, SeriesField> = {
  sessions: 'sessions',
  newUsers: 'newUsers',
  screenPageViews: 'pageviews',
  engagedSessions: 'engagedSessions',
  userEngagementDuration: 'engagementS',
};

/** What to report: local days (YYYY-MM-DD, in `timeZone`) and the window of rows to return. */
export interface ReportQuery {
  timeZone: string;
  dimensions: Dimension[];
  metrics: Metric[];
  startDate: string;
  endDate: string;
  /** Minutes at or after this Unix second have not happened yet: no data. */
  nowS: number;
  offset: number;
  limit: number;
  /** Leave out rows under this many sessions (thresholding); 0 = none. */
  withholdBelow: number;
}

/** One report row: dimension values and metric values, in request order. */
export interface ReportRow {
  dims: string[];
  metrics: number[];
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The days from `start` to `end` inclusive (YYYY-MM-DD). */
function localDays(start: string, end: string): string[] {
  const out: string[] = [];
  for (
    let t = Date.parse(`${start}T00:00:00Z`);
    t <= Date.parse(`${end}T00:00:00Z`);
    t += 86_400_000
  )
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Unix seconds of local midnight of `day` in `tz`. */
function midnight(day: string, tz: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, tz).getTime() / 1000;
}

/**
 * The rows of a report, as GA4 computes them: minutes summed per distinct combination of the
 * requested dimensions, dates and times in the property's time zone (a day is local midnight
 * to midnight; the repeated hour of a DST change merges), rows sorted by their dimension values,
 * and `rowCount` counted over all of them while only the `offset`/`limit` window is kept.
 * `traffic(utcDay)` gives the property's minutes of one UTC day.
 */
export function reportRows(
  q: ReportQuery,
  traffic: (utcDay: number) => PlaceSeries[],
): { rows: ReportRow[]; rowCount: number } {
  const timeFirst =
    q.dimensions[0] === 'date' ||
    q.dimensions[0] === 'dateHour' ||
    q.dimensions[0] === 'dateHourMinute';
  const rows: ReportRow[] = [];
  let rowCount = 0;
  let all = new Map<string, ReportRow & { sort: string; sessions: number }>();
  const flush = () => {
    const sorted = [...all.values()]
      .filter((r) => r.sessions >= q.withholdBelow)
      .sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0));
    for (const r of sorted) {
      if (rowCount >= q.offset && rows.length < q.limit)
        rows.push({ dims: r.dims, metrics: r.metrics });
      rowCount++;
    }
    all = new Map();
  };
  const fields = q.metrics.map((m) => SERIES_FIELD[m]);
  const timeDims = q.dimensions.filter((d): d is TimeDimension => !isPlace(d));
  const placeDims = q.dimensions.filter(isPlace);
  const placeKeys = new WeakMap<PlaceSeries, string>();
  const placeKey = (s: PlaceSeries) => {
    let key = placeKeys.get(s);
    if (key === undefined) {
      key = placeDims.map((d) => s.place[d]).join('\u0001');
      placeKeys.set(s, key);
    }
    return key;
  };
  for (const day of localDays(q.startDate, q.endDate)) {
    const from = midnight(day, q.timeZone);
    const to = Math.min(midnight(next(day), q.timeZone), Math.floor(q.nowS / 60) * 60);
    const date = day.replaceAll('-', '');
    const dayStartLocal = Date.parse(`${day}T00:00:00Z`) / 1000;
    let utcDay = Number.NaN;
    let series: PlaceSeries[] = [];
    for (let t = from; t < to; t += 60) {
      if (Math.floor(t / 86400) !== utcDay) {
        utcDay = Math.floor(t / 86400);
        series = traffic(utcDay);
      }
      const m = (t - utcDay * 86400) / 60;
      const minuteOfDay = Math.floor((t + tzOffsetSeconds(q.timeZone, t) - dayStartLocal) / 60);
      const hh = pad(Math.floor(minuteOfDay / 60));
      const time: Record<TimeDimension, string> = {
        date,
        dateHour: `${date}${hh}`,
        dateHourMinute: `${date}${hh}${pad(minuteOfDay % 60)}`,
      };
      const timeKey = timeDims.map((d) => time[d]).join('\u0001');
      for (const s of series) {
        const sessions = s.sessions[m] as number;
        if (sessions === 0) continue;
        const key = `${timeKey}\u0002${placeKey(s)}`;
        let row = all.get(key);
        if (!row) {
          const dims = q.dimensions.map((d) => (isPlace(d) ? s.place[d] : time[d]));
          row = {
            sort: dims.join('\u0001'),
            dims,
            metrics: new Array(fields.length).fill(0),
            sessions: 0,
          };
          all.set(key, row);
        }
        row.sessions += sessions;
        for (let i = 0; i < fields.length; i++)
          row.metrics[i] = (row.metrics[i] as number) + (s[fields[i] as SeriesField][m] as number);
      }
    }
    if (timeFirst) flush();
  }
  flush();
  return { rows, rowCount };
}

/** The day after `day` (YYYY-MM-DD). */
function next(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
