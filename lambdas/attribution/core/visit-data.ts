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

/**
 * Columnar rows for the fast path: parallel arrays of the same length. The DMA comes either as a
 * code per row (`dmaCode`) or as a dictionary code per row (`dmaIndex`, the position of the row's
 * code in `dmaCodes`): readers of millions of rows (the query engines, the visits CSV reader)
 * give the dictionary form, which needs no string per row. Either way null or '' = unknown
 * geography (counted in the national series only).
 */
export type VisitColumns = {
  bucketUtc: Float64Array | number[];
  /** The chosen metric per row (sessions, pageviews or new users). */
  values: Float64Array | number[];
} & (
  | {
      /** DMA code per row. */
      dmaCode: ReadonlyArray<string | null>;
      dmaIndex?: undefined;
      dmaCodes?: undefined;
    }
  | {
      /** Per row, the index of its DMA code in `dmaCodes`. */
      dmaIndex: Int32Array | Uint16Array | ArrayLike<number>;
      /** The distinct DMA codes the rows point at ('' = unknown geography). */
      dmaCodes: ReadonlyArray<string>;
      dmaCode?: undefined;
    }
);

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
 * Dense series arrays kept between {@link buildVisitDataColumns} calls of one caller (a warm
 * Lambda, the benchmark): fresh 2.5 MB arrays per market and run cost page faults and push V8
 * into full garbage collections. Handing a pool to a build INVALIDATES the VisitData of the
 * previous build made with the same pool (its arrays are zeroed and refilled).
 */
export class SeriesPool {
  private readonly arrays: Float64Array[] = [];
  private used = 0;

  /** Starts a build: every kept array becomes available again. */
  reset(): void {
    this.used = 0;
  }

  /** A zero-filled array of `length` buckets (a kept one when its length matches). */
  take(length: number): Float64Array {
    const kept = this.arrays[this.used];
    let arr: Float64Array;
    if (kept && kept.length === length) arr = kept.fill(0);
    else {
      arr = sharedSeries(length);
      this.arrays[this.used] = arr;
    }
    this.used++;
    return arr;
  }
}

/**
 * A zeroed series of `length` buckets on a SharedArrayBuffer: the market workers of attributeWith
 * (lambdas/attribution/adapters/market-workers.ts) then read a DMA's series in place instead of
 * getting a 2.5 MB copy per market.
 */
function sharedSeries(length: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT));
}

/**
 * Columnar variant of {@link buildVisitData} (the query engine's fast path): one pass for the
 * runs of equal DMA codes (rows come grouped by DMA and date) and the bucket range, one pass per
 * run to add its rows, one Float64Array per DMA, no per-row objects. Per bucket the sums add rows
 * in input order. The two DMA forms of {@link VisitColumns} give the same VisitData.
 * @param pool optional arrays reused from the previous build (see {@link SeriesPool}).
 * @throws RangeError when the arrays differ in length, or a row's dmaIndex is not a position in
 *   dmaCodes.
 */
export function buildVisitDataColumns(
  cols: VisitColumns,
  resolution: Resolution,
  pool?: SeriesPool,
): VisitData {
  const n = cols.bucketUtc.length;
  // Runs are found on the per-row key: the code itself, or its dictionary index.
  const keys: ArrayLike<string | null | number> =
    cols.dmaIndex !== undefined ? cols.dmaIndex : cols.dmaCode;
  if (keys.length !== n || cols.values.length !== n) {
    throw new RangeError('buildVisitDataColumns: bucketUtc, dmaCode and values differ in length');
  }
  const step = resolution === 'minute' ? 60 : 3600;
  const { bucketUtc, values } = cols;
  if (n === 0) {
    return {
      resolution,
      startUtc: 0,
      length: 0,
      byMarket: new Map(),
      national: new Float64Array(0),
    };
  }
  const { runEnds, min, max } = scanRuns(bucketUtc, keys);
  const startUtc = Math.floor(min / step) * step;
  const length = Math.floor((max - startUtc) / step) + 1;
  pool?.reset();
  const fresh = (): Float64Array => (pool ? pool.take(length) : sharedSeries(length));
  const national = fresh();
  const byMarket = new Map<string, Float64Array>();
  let i = 0;
  for (const j of runEnds) {
    const code =
      cols.dmaIndex !== undefined ? codeAt(cols.dmaCodes, cols.dmaIndex, i) : cols.dmaCode[i];
    if (code === null || code === undefined || code === '') {
      addNational(national, bucketUtc, values, i, j, startUtc, step);
    } else {
      let arr = byMarket.get(code);
      if (!arr) {
        arr = fresh();
        byMarket.set(code, arr);
      }
      addDma(national, arr, bucketUtc, values, i, j, startUtc, step);
    }
    i = j;
  }
  return { resolution, startUtc, length, byMarket, national };
}

/**
 * The DMA code of row `i` of the dictionary form.
 * @throws RangeError naming the row when its index is not a position in `dmaCodes`.
 */
function codeAt(dmaCodes: ReadonlyArray<string>, dmaIndex: ArrayLike<number>, i: number): string {
  const code = dmaCodes[dmaIndex[i] as number];
  if (code === undefined) {
    throw new RangeError(
      `buildVisitDataColumns: row ${i} has dmaIndex ${dmaIndex[i]}, not one of the ${dmaCodes.length} dmaCodes`,
    );
  }
  return code;
}

/**
 * One pass over the rows (n ≥ 1): the end index of every run of equal DMA keys, and the
 * smallest and largest bucket.
 */
function scanRuns(
  bucketUtc: Float64Array | number[],
  keys: ArrayLike<string | null | number>,
): { runEnds: number[]; min: number; max: number } {
  const n = bucketUtc.length;
  const runEnds: number[] = [];
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let i = 0;
  while (i < n) {
    const key = keys[i];
    let j = i;
    do {
      const t = bucketUtc[j] as number;
      if (t < min) min = t;
      if (t > max) max = t;
      j++;
    } while (j < n && keys[j] === key);
    runEnds.push(j);
    i = j;
  }
  return { runEnds, min, max };
}

/** Adds rows [i, j) of one DMA to its series and to the national series. */
function addDma(
  national: Float64Array,
  dma: Float64Array,
  bucketUtc: Float64Array | number[],
  values: Float64Array | number[],
  i: number,
  j: number,
  startUtc: number,
  step: number,
): void {
  for (let r = i; r < j; r++) {
    const idx = Math.floor(((bucketUtc[r] as number) - startUtc) / step);
    const v = values[r] as number;
    national[idx] = (national[idx] as number) + v;
    dma[idx] = (dma[idx] as number) + v;
  }
}

/** Adds rows [i, j) of unknown geography to the national series only. */
function addNational(
  national: Float64Array,
  bucketUtc: Float64Array | number[],
  values: Float64Array | number[],
  i: number,
  j: number,
  startUtc: number,
  step: number,
): void {
  for (let r = i; r < j; r++) {
    const idx = Math.floor(((bucketUtc[r] as number) - startUtc) / step);
    national[idx] = (national[idx] as number) + (values[r] as number);
  }
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
