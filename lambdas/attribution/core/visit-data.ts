import type { AttributionMethod, Resolution, VisitData } from './types';

/** One aggregated visits row (minute or hour bucket, one DMA; dmaCode null/'' = unknown geography). */
export interface VisitRow {
  /** Bucket start, epoch seconds UTC (floored to the resolution when not aligned). */
  bucketUtc: number;
  dmaCode: string | null;
  sessions: number;
  newUsers: number;
  pageviews: number;
}

/** Columnar rows for the fast path: parallel arrays of the same length. */
export interface VisitColumns {
  bucketUtc: Float64Array | number[];
  /** DMA code per row; null or '' = unknown geography (counted in the national series only). */
  dmaCode: ReadonlyArray<string | null>;
  /** The chosen metric per row (sessions, pageviews or new users). */
  values: Float64Array | number[];
}

/**
 * The metric each attribution method reads (spec §3 Filters; method note §5.1 step 2):
 * sessions → sessions, pageviews → pageviews, newuserbaseline → sessions of first-time visitors.
 */
export function metricOf(row: VisitRow, method: AttributionMethod): number {
  if (method === 'pageviews') return row.pageviews;
  if (method === 'newuserbaseline') return row.newUsers;
  return row.sessions;
}

/**
 * Builds the dense VisitData from rows (method note §5.1 step 2). Buckets run from the earliest to
 * the latest row; missing buckets are 0. Returns an empty series (length 0) for no rows.
 */
export function buildVisitData(
  rows: Iterable<VisitRow>,
  method: AttributionMethod,
  resolution: Resolution,
): VisitData {
  const bucketUtc: number[] = [];
  const dmaCode: (string | null)[] = [];
  const values: number[] = [];
  for (const r of rows) {
    bucketUtc.push(r.bucketUtc);
    dmaCode.push(r.dmaCode);
    values.push(metricOf(r, method));
  }
  return buildVisitDataColumns({ bucketUtc, dmaCode, values }, resolution);
}

/**
 * Columnar variant of {@link buildVisitData} (the query engine's fast path): two passes over the
 * arrays, one Float64Array per DMA, no per-row objects.
 * @throws RangeError when the arrays differ in length.
 */
export function buildVisitDataColumns(cols: VisitColumns, resolution: Resolution): VisitData {
  const n = cols.bucketUtc.length;
  if (cols.dmaCode.length !== n || cols.values.length !== n) {
    throw new RangeError('buildVisitDataColumns: bucketUtc, dmaCode and values differ in length');
  }
  const step = resolution === 'minute' ? 60 : 3600;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const t = cols.bucketUtc[i] as number;
    if (t < min) min = t;
    if (t > max) max = t;
  }
  if (n === 0) {
    return {
      resolution,
      startUtc: 0,
      length: 0,
      byMarket: new Map(),
      national: new Float64Array(0),
    };
  }
  const startUtc = Math.floor(min / step) * step;
  const length = Math.floor((max - startUtc) / step) + 1;
  const national = new Float64Array(length);
  const byMarket = new Map<string, Float64Array>();
  let lastCode: string | null | undefined;
  let lastArr: Float64Array | undefined;
  for (let i = 0; i < n; i++) {
    const idx = Math.floor(((cols.bucketUtc[i] as number) - startUtc) / step);
    const v = cols.values[i] as number;
    national[idx] = (national[idx] as number) + v;
    const code = cols.dmaCode[i];
    if (code === null || code === undefined || code === '') continue;
    if (code !== lastCode) {
      lastCode = code;
      lastArr = byMarket.get(code);
      if (!lastArr) {
        lastArr = new Float64Array(length);
        byMarket.set(code, lastArr);
      }
    }
    const arr = lastArr as Float64Array;
    arr[idx] = (arr[idx] as number) + v;
  }
  return { resolution, startUtc, length, byMarket, national };
}

/**
 * Sums minute VisitData into clock hours (the §5.2 hourly fallback and its tests).
 * Hour buckets start at the hour containing `visits.startUtc`.
 */
export function toHourly(visits: VisitData): VisitData {
  if (visits.resolution === 'hour') return visits;
  const startUtc = Math.floor(visits.startUtc / 3600) * 3600;
  const offset = (visits.startUtc - startUtc) / 60;
  const length = Math.ceil((offset + visits.length) / 60);
  const sum = (src: Float64Array): Float64Array => {
    const out = new Float64Array(length);
    for (let i = 0; i < src.length; i++) {
      const h = Math.floor((offset + i) / 60);
      out[h] = (out[h] as number) + (src[i] as number);
    }
    return out;
  };
  const byMarket = new Map<string, Float64Array>();
  for (const [k, v] of visits.byMarket) byMarket.set(k, sum(v));
  return { resolution: 'hour', startUtc, length, byMarket, national: sum(visits.national) };
}
