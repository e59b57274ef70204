import { grown } from './typed-grow';

/**
 * Shared buckets of one market, left uncredited by the split pass of `split: 'response'`
 * (docs/attribution-method.md §4.2): the response split divides only these buckets on each
 * iteration, so neither the seasonal baseline nor the cluster levels are built twice.
 *
 * One entry per bucket with at least two active airings (or, in the national market, a bucket
 * whose DMA deduction depends on the split): its bucket index t, the market's visits xv and
 * baseline bv (visits per bucket), and its active airings, in CSR form: the airings of entry k are
 * `airings[start[k] .. start[k + 1])`. Plain typed arrays, so a worker thread can transfer a log to
 * the main thread.
 *
 * `withNational[k]` = 1 when a national airing is among the airings of entry k of a DMA's log
 * (the national market re-splits that bucket, and the DMA's share of national visits is read over
 * those buckets), so those readers need not look up every slot's airing.
 *
 * `profileSum[k]` / `profileCount[k]` sum the excess x − b of buckets that one airing owned alone
 * at offset k (buckets since its first; minute mode only), for the response profile by minute.
 * `sharedOwn[k]` / `sharedOther[k]` count the logged slots at offset k whose airing the market
 * credits, and those it does not (a national airing in a DMA): the sum of the slots' profile
 * factors, the response split's floor scale, follows from them without a walk of the slots.
 */
export interface OverlapLog {
  t: Int32Array;
  xv: Float64Array;
  bv: Float64Array;
  /** Length entries + 1 (start[0] = 0); valid up to start[length]. */
  start: Int32Array;
  airings: Int32Array;
  /** Per entry: 1 = a DMA's bucket that a national airing shares (see above). */
  withNational: Uint8Array;
  /** Entries in use. */
  length: number;
  /** Airing slots in use (= start[length]). */
  used: number;
  profileSum: Float64Array;
  profileCount: Float64Array;
  sharedOwn: Float64Array;
  sharedOther: Float64Array;
}

/** An empty log with room for `capacity` entries (it grows when full); `span` profile offsets. */
export function newOverlapLog(capacity: number, span: number): OverlapLog {
  const c = Math.max(16, capacity);
  return {
    t: new Int32Array(c),
    xv: new Float64Array(c),
    bv: new Float64Array(c),
    start: new Int32Array(c + 1),
    airings: new Int32Array(c * 3),
    withNational: new Uint8Array(c),
    length: 0,
    used: 0,
    profileSum: new Float64Array(span),
    profileCount: new Float64Array(span),
    sharedOwn: new Float64Array(span),
    sharedOther: new Float64Array(span),
  };
}

/** Empties the log for the next market (keeps its buffers; the profile width becomes `span`). */
export function clearOverlapLog(log: OverlapLog, span: number): void {
  log.length = 0;
  log.used = 0;
  log.start[0] = 0;
  if (log.profileSum.length !== span) {
    log.profileSum = new Float64Array(span);
    log.profileCount = new Float64Array(span);
    log.sharedOwn = new Float64Array(span);
    log.sharedOther = new Float64Array(span);
  } else {
    log.profileSum.fill(0);
    log.profileCount.fill(0);
    log.sharedOwn.fill(0);
    log.sharedOther.fill(0);
  }
}

/**
 * Appends bucket t with the first `n` airings of `active` (see {@link OverlapLog});
 * `withNational`: a DMA's bucket that a national airing shares. The slots' counts by offset
 * (`sharedOwn`, `sharedOther`) are the caller's to add: split.ts does, in its walk of the
 * bucket's airings (counted here, they cost the split's logging twice as much).
 */
export function logOverlap(
  log: OverlapLog,
  t: number,
  xv: number,
  bv: number,
  active: Int32Array,
  n: number,
  withNational = false,
): void {
  if (log.length + 1 >= log.t.length) growEntries(log);
  if (log.used + n > log.airings.length) growAirings(log, log.used + n);
  const k = log.length++;
  log.t[k] = t;
  log.xv[k] = xv;
  log.bv[k] = bv;
  log.withNational[k] = withNational ? 1 : 0;
  for (let q = 0; q < n; q++) log.airings[log.used + q] = active[q] as number;
  log.used += n;
  log.start[k + 1] = log.used;
}

function growEntries(log: OverlapLog): void {
  const c = log.t.length * 2;
  log.t = grown(log.t, c);
  log.xv = grown(log.xv, c);
  log.bv = grown(log.bv, c);
  log.start = grown(log.start, c + 1);
  log.withNational = grown(log.withNational, c);
}

function growAirings(log: OverlapLog, need: number): void {
  let c = log.airings.length * 2;
  while (c < need) c *= 2;
  log.airings = grown(log.airings.subarray(0, log.used), c);
}

/** Logs of the previous run's DMAs, taken by the next run (a run that throws keeps none). */
let lastLogs: OverlapLog[] = [];

/**
 * `count` logs for the DMAs of one run, for series of `n` buckets: the previous run's (their
 * buffers grown to last run's needs) and new ones for the rest (fresh buffers every run cost
 * page faults and garbage collections). Hand them back with {@link keepOverlapLogs}.
 */
export function takeOverlapLogs(count: number, n: number): OverlapLog[] {
  const logs = lastLogs;
  lastLogs = [];
  for (let i = logs.length; i < count; i++) logs.push(newOverlapLog(n >> 4, 0));
  return logs;
}

/** Keeps a finished run's DMA logs for the next run. */
export function keepOverlapLogs(logs: OverlapLog[]): void {
  lastLogs = logs;
}

/** A trimmed copy (its own buffers: safe to transfer to another thread). */
export function copyOverlapLog(log: OverlapLog): OverlapLog {
  const n = log.length;
  return {
    t: log.t.slice(0, n),
    xv: log.xv.slice(0, n),
    bv: log.bv.slice(0, n),
    start: log.start.slice(0, n + 1),
    airings: log.airings.slice(0, log.used),
    withNational: log.withNational.slice(0, n),
    length: n,
    used: log.used,
    profileSum: log.profileSum.slice(),
    profileCount: log.profileCount.slice(),
    sharedOwn: log.sharedOwn.slice(),
    sharedOther: log.sharedOther.slice(),
  };
}

/** The buffers of a log, for a transfer list. */
export function overlapBuffers(log: OverlapLog): ArrayBuffer[] {
  return [
    log.t,
    log.xv,
    log.bv,
    log.start,
    log.airings,
    log.withNational,
    log.profileSum,
    log.profileCount,
    log.sharedOwn,
    log.sharedOther,
  ].map((a) => a.buffer as ArrayBuffer);
}

/**
 * What a DMA's shared buckets add to the national market's sums, in place of deduction-log
 * records (split.ts logs none for them): excess[t] += xv − bv for every entry (the same
 * expression as applyDeductionLog: one term per DMA and bucket, so the sums are the same bits
 * when the DMAs are walked in market order), and dependent[t] = 1 where a national airing shares
 * the bucket (the national market re-splits it).
 */
export function applyOverlapLog(
  log: OverlapLog,
  excess: Float64Array,
  dependent: Uint8Array,
): void {
  const { t, xv, bv, withNational } = log;
  for (let k = 0; k < log.length; k++) {
    const i = t[k] as number;
    excess[i] = (excess[i] as number) + (xv[k] as number) - (bv[k] as number);
    if (withNational[k] === 1) dependent[i] = 1;
  }
}
