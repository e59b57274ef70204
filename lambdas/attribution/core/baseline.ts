import type { ResolvedOptions } from './options';
import { median8, medianInPlace } from './stats';

/**
 * Pseudo-count (visits) that shrinks the level factor r towards 1:
 * r = (Σx + c)/(ΣS + c) over the level buckets. With 15 level minutes at 1 visit/minute r moves
 * about 60% of the way to the raw ratio; at 10 visits/minute about 94%; with ΣS ≈ 0 it stays ≈ 1.
 * This is the posterior mean of a gamma(c, c) prior on r, so tiny counts cannot blow the baseline up.
 */
export const LEVEL_PRIOR_VISITS = 10;

/**
 * Visits a seasonal sample should hold on average (minute mode). The median of K small-count
 * sample means is biased low (counts are right-skewed: a 5-minute sum of 2 visits has its median
 * below its mean), which inflated low-volume markets by up to 30% on the benchmark. A sample of
 * ≥ 20 expected visits keeps that skew under ~2%, so low-volume series widen their sample.
 */
export const SAMPLE_TARGET_VISITS = 20;
/** Widest sample half-width, minutes (a ±15-minute mean still follows the diurnal curve). */
export const MAX_HALF_WIDTH = 15;

/** Baseline parameters of one overlap cluster (method note §5.1 step 3). */
export interface ClusterLevel {
  /** true: b = S·r; false: fewer than minBaselineWeeks of history, b = preRate (Next90 rule). */
  seasonal: boolean;
  r: number;
  /** Mean visits per bucket over the spot-free level buckets before the cluster. */
  preRate: number;
}

/**
 * Half-width h of the seasonal sample for a series (method note §5.1 step 3): the options' h
 * (2 in minute mode, 0 in hour mode), widened in minute mode until a (2h + 1)-minute sample holds
 * about SAMPLE_TARGET_VISITS at the series' mean rate, at most MAX_HALF_WIDTH.
 * @param meanRate mean visits per bucket of the series.
 */
export function sampleHalfWidth(opts: ResolvedOptions, meanRate: number): number {
  const h = opts.sampleHalfWidth;
  if (opts.step !== 60) return h;
  if (!(meanRate > 0)) return MAX_HALF_WIDTH;
  const need = Math.ceil((SAMPLE_TARGET_VISITS / meanRate - 1) / 2);
  return Math.min(MAX_HALF_WIDTH, Math.max(h, need));
}

/**
 * Reusable buffers of {@link SeasonalBaseline} for series of `n` buckets. attribute() builds one
 * baseline per market on the same grid; sharing these avoids ~10 MB of fresh typed arrays (and
 * their garbage collection) per market. A baseline built on a scratch is invalid once the next
 * baseline is built on the same scratch.
 */
export class BaselineScratch {
  readonly px: Float64Array;
  readonly pc: Int32Array;
  readonly pa: Float64Array;
  readonly m: Float64Array;
  readonly cache: Float64Array;

  constructor(readonly n: number) {
    this.px = new Float64Array(n + 1);
    this.pc = new Int32Array(n + 1);
    this.pa = new Float64Array(n + 1);
    this.m = new Float64Array(n);
    this.cache = new Float64Array(n);
  }
}

/**
 * Seasonal baseline of one market series (method note §5.1 step 3).
 * S(t) = median over k = 1..K of m(t − k·week), where m(c) is the spot-free mean of x in
 * [c − h, c + h] (h from {@link sampleHalfWidth}: a centred mean removes the discreteness of small
 * counts while the median across weeks still resists past spikes; h = 0 in hour mode). When that
 * neighbourhood is entirely inside airing windows it widens to ±max(15, 2h) minutes (±1 hour).
 * Weeks before the data start are skipped; when every sample week is inside airing windows the
 * median of the unmasked means is used (conservative: it can only raise the baseline).
 *
 * Speed: m is computed once for every bucket (one pass over prefix sums) and S(t) lazily with a
 * per-bucket cache, so each S costs K array reads and a median of ≤ K values.
 */
export class SeasonalBaseline {
  /** Sample half-width in buckets (see {@link sampleHalfWidth}). */
  readonly halfWidth: number;
  private readonly pc: Int32Array;
  private readonly pa: Float64Array;
  /** m(c): spot-free sample mean around c, NaN when none (see class doc). */
  private readonly m: Float64Array;
  private readonly cache: Float64Array;
  private readonly buf: Float64Array;

  /**
   * @param x visits per bucket of the market; @param excl 1 = bucket inside an airing window (not spot-free).
   * @param scratch optional shared buffers (see {@link BaselineScratch}); ignored when its n differs.
   */
  constructor(
    readonly x: Float64Array,
    readonly excl: Uint8Array,
    readonly opts: ResolvedOptions,
    scratch?: BaselineScratch,
  ) {
    const n = x.length;
    const s = scratch && scratch.n === n ? scratch : new BaselineScratch(n);
    const { px, pc, pa, m } = s;
    let sx = 0;
    let sc = 0;
    let sa = 0;
    for (let i = 0; i < n; i++) {
      const v = x[i] as number;
      sa += v;
      if (excl[i] === 0) {
        sx += v;
        sc++;
      }
      px[i + 1] = sx;
      pc[i + 1] = sc;
      pa[i + 1] = sa;
    }
    this.pc = pc;
    this.pa = pa;
    const h = sampleHalfWidth(opts, n > 0 ? sa / n : 0);
    this.halfWidth = h;
    const wide = opts.step === 60 ? Math.max(15, 2 * h) : 1;
    const last = n - 1;
    for (let c = 0; c < n; c++) {
      const lo = Math.max(c - h, 0);
      const hi = Math.min(c + h, last);
      const cnt = (pc[hi + 1] as number) - (pc[lo] as number);
      if (cnt > 0) {
        m[c] = ((px[hi + 1] as number) - (px[lo] as number)) / cnt;
        continue;
      }
      // Dense schedules: widen before giving up on spot-free minutes.
      const wlo = Math.max(c - wide, 0);
      const whi = Math.min(c + wide, last);
      const wc = (pc[whi + 1] as number) - (pc[wlo] as number);
      m[c] = wc > 0 ? ((px[whi + 1] as number) - (px[wlo] as number)) / wc : Number.NaN;
    }
    this.m = m;
    this.cache = s.cache.fill(Number.NaN);
    this.buf = new Float64Array(opts.baselineWeeks);
  }

  /** Number of spot-free buckets in [lo, hi). */
  freeCount(lo: number, hi: number): number {
    return (this.pc[hi] as number) - (this.pc[lo] as number);
  }

  /** Weeks of history available at bucket t (k = 1..K with t − k·week ≥ 0). */
  historyWeeks(t: number): number {
    return Math.min(this.opts.baselineWeeks, Math.floor(t / this.opts.weekBuckets));
  }

  /** S(t) in visits per bucket, or −1 when no history week exists. */
  seasonal(t: number): number {
    const cached = this.cache[t] as number;
    if (!Number.isNaN(cached)) return cached;
    const { baselineWeeks, weekBuckets } = this.opts;
    const m = this.m;
    // Default K = 8 with full history (most buckets): a buffer-free median of the eight weeks.
    if (baselineWeeks === 8 && t >= 8 * weekBuckets) {
      const w = weekBuckets;
      const v = median8(
        m[t - w] as number,
        m[t - 2 * w] as number,
        m[t - 3 * w] as number,
        m[t - 4 * w] as number,
        m[t - 5 * w] as number,
        m[t - 6 * w] as number,
        m[t - 7 * w] as number,
        m[t - 8 * w] as number,
      );
      if (!Number.isNaN(v)) {
        this.cache[t] = v;
        return v;
      }
    }
    const buf = this.buf;
    let n = 0;
    let c = t - weekBuckets;
    for (let k = 1; k <= baselineWeeks && c >= 0; k++, c -= weekBuckets) {
      const v = m[c] as number;
      if (!Number.isNaN(v)) buf[n++] = v;
    }
    let v: number;
    if (n > 0) v = medianInPlace(buf, n);
    else v = this.allMinutesMedian(t);
    this.cache[t] = v;
    return v;
  }

  /** Median over the history weeks of the plain (unmasked) sample means; −1 without history. */
  private allMinutesMedian(t: number): number {
    const { baselineWeeks, weekBuckets } = this.opts;
    const h = this.halfWidth;
    const last = this.x.length - 1;
    let n = 0;
    for (let k = 1; k <= baselineWeeks; k++) {
      const c = t - k * weekBuckets;
      if (c < 0) break;
      const lo = Math.max(c - h, 0);
      const hi = Math.min(c + h, last);
      this.buf[n++] = ((this.pa[hi + 1] as number) - (this.pa[lo] as number)) / (hi - lo + 1);
    }
    return n > 0 ? medianInPlace(this.buf, n) : -1;
  }

  /**
   * Level of a cluster starting at bucket c0: walks back from c0 − 1 over at most lookbackBuckets,
   * collecting up to levelBuckets spot-free buckets; r = (Σx + c)/(ΣS + c) ({@link LEVEL_PRIOR_VISITS}).
   * With < minBaselineWeeks weeks of history the cluster uses the pre-window rate instead.
   */
  level(c0: number): ClusterLevel {
    const { levelBuckets, lookbackBuckets, minBaselineWeeks } = this.opts;
    const seasonal = this.historyWeeks(c0) >= minBaselineWeeks;
    let sx = 0;
    let sS = 0;
    let got = 0;
    const stop = Math.max(0, c0 - lookbackBuckets);
    for (let t = c0 - 1; t >= stop && got < levelBuckets; t--) {
      if (this.excl[t] !== 0) continue;
      const v = this.x[t] as number;
      sx += v;
      if (seasonal) {
        const s = this.seasonal(t);
        sS += s < 0 ? v : s;
      }
      got++;
    }
    let preRate: number;
    if (got > 0) preRate = sx / got;
    else {
      const lo = Math.max(0, c0 - levelBuckets);
      preRate = c0 > lo ? ((this.pa[c0] as number) - (this.pa[lo] as number)) / (c0 - lo) : 0;
    }
    const r = seasonal && got > 0 ? (sx + LEVEL_PRIOR_VISITS) / (sS + LEVEL_PRIOR_VISITS) : 1;
    return { seasonal, r, preRate };
  }

  /** b(t) for a cluster with the given level: S(t)·r, or the pre-window rate (fallback / no history). */
  baselineAt(t: number, lv: ClusterLevel): number {
    if (!lv.seasonal) return lv.preRate;
    const s = this.seasonal(t);
    return s < 0 ? lv.preRate : s * lv.r;
  }
}
