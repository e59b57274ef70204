import type { ClusterLevel, SeasonalBaseline } from './baseline';
import { type DeductionLog, logDeduction } from './deduction-log';
import { logOverlap, type OverlapLog } from './overlap-log';
import type { GridColumns } from './windows';

/** Per-airing accumulators of one run (indexed like the input airings). */
export interface Accumulators {
  /** O_a = Σ w_a(t)·x(t), visits. */
  observed: Float64Array;
  /** E_a = Σ w_a(t)·b(t), visits. */
  expected: Float64Array;
  /** Σ w_a(t): the airing's total credit share (buckets it fully owns count 1 each). */
  share: Float64Array;
  /** Buckets of the window inside the visit data. */
  buckets: Int32Array;
  /**
   * Baseline level of the airing's cluster (for the halo post-window), as three columns:
   * levelKind 0 = none yet, 1 = seasonal (b = S·levelR), 2 = pre-window rate (b = levelPre).
   */
  levelKind: Uint8Array;
  levelR: Float64Array;
  levelPre: Float64Array;
  /**
   * Minutes per airing in {@link byMinute}: the window's length in minute mode with the response
   * split, else 0 (nothing is kept).
   */
  span: number;
  /**
   * The excess x − b of the buckets the airing owned alone, by minute since its start, visits:
   * row a holds entries a·span .. a·span + span − 1. With {@link byProfile} it gives the
   * profile-weighted measure of the airing's response (profile-weighted.ts, method note §4.4).
   */
  byMinute: Float32Array;
  /**
   * Σ over the airing's shared buckets of its credited excess w·(x − b) times the response
   * profile at the bucket's minute since its start (the split's profile, response-slots.ts;
   * 1 without one), visits; n entries when span > 0, else none.
   */
  byProfile: Float64Array;
}

/**
 * Creates zeroed accumulators for n airings, keeping `span` minutes of excess each (byMinute,
 * in single precision: it only measures stations for the shrinkage, and 85,000 airings × 8
 * minutes are 2.7 MB). byMinute and byProfile are the previous run's buffers when that one
 * handed them back with {@link keepAccumulators} and they are large enough.
 */
export function newAccumulators(n: number, span = 0): Accumulators {
  const kept = takeMeasureBuffers(n, span);
  return {
    span,
    byMinute: kept.byMinute,
    byProfile: kept.byProfile,
    observed: new Float64Array(n),
    expected: new Float64Array(n),
    share: new Float64Array(n),
    buckets: new Int32Array(n),
    levelKind: new Uint8Array(n),
    levelR: new Float64Array(n),
    levelPre: new Float64Array(n),
  };
}

/** The byMinute and byProfile buffers of the last finished run (null while a run holds them). */
let spareMeasure: { byMinute: Float32Array; byProfile: Float64Array } | null = null;

/**
 * Zeroed byMinute (n·span) and byProfile (n, or none when span is 0) values, on the kept buffers
 * when they are large enough (fresh pages every run cost faults and garbage collections).
 */
function takeMeasureBuffers(
  n: number,
  span: number,
): { byMinute: Float32Array; byProfile: Float64Array } {
  if (span === 0) return { byMinute: new Float32Array(0), byProfile: new Float64Array(0) };
  const spare = spareMeasure;
  if (spare === null || spare.byMinute.length < n * span || spare.byProfile.length < n) {
    return { byMinute: new Float32Array(n * span), byProfile: new Float64Array(n) };
  }
  spareMeasure = null;
  spare.byMinute.fill(0, 0, n * span);
  spare.byProfile.fill(0, 0, n);
  return {
    byMinute: spare.byMinute.subarray(0, n * span),
    byProfile: spare.byProfile.subarray(0, n),
  };
}

/**
 * Hands a finished run's byMinute and byProfile buffers to the next run (see
 * {@link newAccumulators}); a run that throws keeps none, and two runs at once each get their own.
 */
export function keepAccumulators(acc: Accumulators): void {
  if (acc.span === 0) return;
  spareMeasure = {
    byMinute: new Float32Array(acc.byMinute.buffer),
    byProfile: new Float64Array(acc.byProfile.buffer),
  };
}

/**
 * Local airings' part of shared national minutes: Σ over local markets of Σ_local w·x(t) and w·b(t)
 * in the buckets where a national airing was also active. The national split subtracts it.
 */
export interface NationalDeduction {
  x: Float64Array;
  b: Float64Array;
  /**
   * Σ over DMAs of the full local excess x_d(t) − b_d(t) in every bucket where a local airing of
   * the DMA is active. The national baseline is built from national x − excess (method note §5.1
   * step 3: past local spikes must not enter the national median).
   */
  excess: Float64Array;
}

/** Inputs of {@link splitMarket}. */
export interface SplitInput {
  /** Visits per bucket of the market (the national series for the national market). */
  x: Float64Array;
  base: SeasonalBaseline;
  /** Airings acting in this market (its own plus, for a DMA, the national airings), sorted by first bucket. */
  members: Int32Array;
  /** 1 = national airing (per input airing index). */
  isNational: Uint8Array;
  nationalMarket: boolean;
  grid: GridColumns;
  acc: Accumulators;
  /** The national market subtracts it; null for a DMA (which only logs its part). */
  deduction: NationalDeduction | null;
  /**
   * A DMA market records its part of `deduction` here (one record per credited bucket) instead of
   * adding to it: DMAs may run on other threads, and the records are added in market order
   * (deduction-log.ts), so the sums are the same bits however the markets were scheduled.
   */
  log: DeductionLog;
  /**
   * `split: 'response'`: buckets with two or more active airings (and, in the national market,
   * the buckets marked in `dependent`) are written here instead of being credited, for the
   * response split (response-split.ts) to divide; a DMA then leaves them out of `log` (their
   * national part depends on the split; their excess reaches the national market through
   * applyOverlapLog). null = credit every bucket here ('equal').
   */
  overlap: OverlapLog | null;
  /** National market, 'response': 1 = a DMA logged a shared local/national bucket at t. */
  dependent: Uint8Array | null;
}

/**
 * Excess and split (method note §5.1 steps 4–5; docs/attribution-method.md §3–4). Overlap
 * clusters are maximal chains of airings whose windows share a bucket; each gets one level factor
 * from the spot-free buckets before it. In every bucket the excess e = x − b is split among the
 * airings active there: by impressions when every airing of the cluster has them, else equally
 * ('equal'); under 'response' a bucket with one airing is credited here and the shared ones go
 * to `overlap` for the response split. Everything stays signed.
 *
 * Local/national sharing: in a DMA bucket where national airings are also active they count as
 * sharers, but their share is not credited here; the DMA's local airings keep only their own
 * share, which is recorded in `log` for `deduction`. The national market later splits
 * (national x − deduction.x) − (national b − deduction.b) among its airings, so every visit of a
 * shared minute is credited once (the national series includes the DMA's visits).
 */
export function splitMarket(p: SplitInput): void {
  const { x, base, members, isNational, nationalMarket, grid, acc, deduction, log, overlap } = p;
  const dependent = p.dependent ?? NO_DEPENDENT;
  const profileSum = overlap?.profileSum ?? NO_DEDUCTION;
  const profileCount = overlap?.profileCount ?? NO_DEDUCTION;
  const sharedOwn = overlap?.sharedOwn ?? NO_DEDUCTION;
  const sharedOther = overlap?.sharedOther ?? NO_DEDUCTION;
  const span = profileSum.length;
  const { span: kept, byMinute } = acc;
  const { first, last, imp } = grid;
  const memo = base.memo;
  const len = x.length;
  if (nationalMarket && !deduction)
    throw new Error('splitMarket: the national market needs the deduction');
  const dedX = deduction?.x ?? NO_DEDUCTION;
  const dedB = deduction?.b ?? NO_DEDUCTION;
  const M = members.length;
  // Airings active at the current bucket: a fixed buffer and a count (no array resizing).
  const active = new Int32Array(M);
  let nActive = 0;
  const own = (a: number) => nationalMarket || isNational[a] === 0;
  // The current cluster's level, refilled in place (no object per cluster).
  const lv: ClusterLevel = { seasonal: false, r: 1, preRate: 0 };
  let i = 0;
  while (i < M) {
    const a0 = members[i] as number;
    let cEnd = last[a0] as number;
    let hasOwn = own(a0);
    let allImp = (imp[a0] as number) > 0;
    let j = i + 1;
    while (j < M && (first[members[j] as number] as number) <= cEnd) {
      const a = members[j] as number;
      if ((last[a] as number) > cEnd) cEnd = last[a] as number;
      if (!hasOwn && own(a)) hasOwn = true;
      if (allImp && !((imp[a] as number) > 0)) allImp = false;
      j++;
    }
    const cStart = first[a0] as number;
    if (hasOwn && cEnd >= 0 && cStart < len) {
      const t0 = Math.max(cStart, 0);
      const t1 = cEnd >= len ? len - 1 : cEnd;
      // A long chain (dense schedules) refreshes its level every hour instead of using one r for days.
      const refresh = base.opts.step === 60 ? 60 : 6;
      base.level(t0, lv);
      let lvStart = t0;
      nActive = 0;
      let next = i;
      for (let t = t0; t <= t1; t++) {
        while (next < j && (first[members[next] as number] as number) <= t) {
          active[nActive++] = members[next] as number;
          next++;
        }
        let n = 0;
        let total = 0;
        let owners = 0;
        for (let q = 0; q < nActive; q++) {
          const a = active[q] as number;
          if ((last[a] as number) >= t) {
            active[n++] = a;
            total += allImp ? (imp[a] as number) : 1;
            if (own(a)) owners++;
          }
        }
        nActive = n;
        // Buckets with only national sharers carry nothing to credit or deduct in a DMA.
        if (owners === 0) continue;
        if (t - lvStart >= refresh) {
          base.level(t, lv);
          lvStart = t;
        }
        const xv = x[t] as number;
        // base.baselineAt(t, lv), inlined (a double returned from a call V8 does not inline is
        // boxed on the heap; this runs for every window bucket).
        let bv = lv.preRate;
        if (lv.seasonal) {
          let s = memo[t] as number;
          if (Number.isNaN(s)) {
            base.fillSeasonal(t);
            s = memo[t] as number;
          }
          bv = s < 0 ? lv.preRate : s * lv.r;
        }
        // `dependent` is read only in the national market: a DMA's stand-in is empty, and a read
        // past a typed array's end takes V8's slow path (about 25 ms a run on the full post-log).
        if (overlap !== null && (n > 1 || (nationalMarket && dependent[t] === 1))) {
          // Shared: the response split credits it later; the bucket count does not depend on it.
          // Its part of the national excess is added from the overlap log (applyOverlapLog).
          logOverlap(overlap, t, xv, bv, active, n, !nationalMarket && owners < n);
          for (let q = 0; q < n; q++) {
            const a = active[q] as number;
            const mine = own(a);
            if (mine) acc.buckets[a] = (acc.buckets[a] as number) + 1;
            // The slot's offset (OverlapLog.sharedOwn): its profile factor's part of the floor.
            const k = t - (first[a] as number);
            if (k >= 0 && k < span) {
              if (mine) sharedOwn[k] = (sharedOwn[k] as number) + 1;
              else sharedOther[k] = (sharedOther[k] as number) + 1;
            }
          }
          continue;
        }
        const xe = nationalMarket ? xv - (dedX[t] as number) : xv;
        const be = nationalMarket ? bv - (dedB[t] as number) : bv;
        if (overlap !== null && span > 0) {
          // One owner (every shared bucket went to the log above, so n = 1 and w = 1): its excess
          // by minute since its start feeds the response profile and its own byMinute.
          const a = active[0] as number;
          const k = t - (first[a] as number);
          if (k >= 0 && k < span) {
            profileSum[k] = (profileSum[k] as number) + (xe - be);
            profileCount[k] = (profileCount[k] as number) + 1;
            if (kept > 0) byMinute[a * kept + k] = (byMinute[a * kept + k] as number) + (xe - be);
          }
        }
        // Equal split: every airing's weight is the same 1/total, computed once per bucket.
        const wEqual = allImp ? 0 : 1 / total;
        let sharers = 0;
        for (let q = 0; q < n; q++) {
          const a = active[q] as number;
          const w = allImp ? (imp[a] as number) / total : wEqual;
          if (nationalMarket || isNational[a] === 0) {
            acc.observed[a] = (acc.observed[a] as number) + w * xe;
            acc.expected[a] = (acc.expected[a] as number) + w * be;
            acc.share[a] = (acc.share[a] as number) + w;
            acc.buckets[a] = (acc.buckets[a] as number) + 1;
          } else sharers += w;
        }
        if (!nationalMarket) logDeduction(log, t, xv, bv, sharers);
      }
      for (let q = i; q < j; q++) {
        const a = members[q] as number;
        if (own(a)) setLevel(acc, a, lv);
      }
    }
    i = j;
  }
}

/** Stand-in for the deduction columns in a DMA run (never read there). */
const NO_DEDUCTION = new Float64Array(0);
/** Stand-in for `dependent` outside the national market (reads give undefined, never 1). */
const NO_DEPENDENT = new Uint8Array(0);

/** Records the level of airing a's cluster in the accumulators (see {@link Accumulators}). */
function setLevel(acc: Accumulators, a: number, lv: ClusterLevel): void {
  acc.levelKind[a] = lv.seasonal ? 1 : 2;
  acc.levelR[a] = lv.r;
  acc.levelPre[a] = lv.preRate;
}
