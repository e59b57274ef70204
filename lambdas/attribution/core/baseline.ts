import type { ResolvedOptions } from './options';
import { medianInPlace } from './stats';

/**
 * Pseudo-count (visits) that shrinks the level factor r towards 1:
 * r = (Σx + c)/(ΣS + c) over the level buckets. With 15 level minutes at 1 visit/minute r moves
 * about 60% of the way to the raw ratio; at 10 visits/minute about 94%; with ΣS ≈ 0 it stays ≈ 1.
 * This is the posterior mean of a gamma(c, c) prior on r, so tiny counts cannot blow the baseline up.
 */
export const LEVEL_PRIOR_VISITS = 10;

/** Baseline parameters of one overlap cluster (method note §5.1 step 3). */
export interface ClusterLevel {
  /** true: b = S·r; false: fewer than minBaselineWeeks of history, b = preRate (Next90 rule). */
  seasonal: boolean;
  r: number;
  /** Mean visits per bucket over the spot-free level buckets before the cluster. */
  preRate: number;
}

/**
 * Seasonal baseline of one market series (method note §5.1 step 3).
 * S(t) = median over k = 1..K of the spot-free mean of x in [t − k·week − h, t − k·week + h]
 * (h = 2 in minute mode: a 5-minute centred mean removes the discreteness of small counts while the
 * median across weeks still resists past spikes; h = 0 in hour mode). When that neighbourhood is
 * entirely inside airing windows it widens to ±15 minutes (±1 hour). Weeks before the data start
 * are skipped; when every sample week is inside airing windows the median of the unmasked means is
 * used (conservative: it can only raise the baseline). S is computed lazily and cached per bucket.
 */
export class SeasonalBaseline {
  private readonly px: Float64Array;
  private readonly pc: Int32Array;
  private readonly pa: Float64Array;
  private readonly cache: Float64Array;
  private readonly buf: Float64Array;
  private readonly bufAll: Float64Array;

  /**
   * @param x visits per bucket of the market; @param excl 1 = bucket inside an airing window (not spot-free).
   */
  constructor(
    readonly x: Float64Array,
    readonly excl: Uint8Array,
    readonly opts: ResolvedOptions,
  ) {
    const n = x.length;
    this.px = new Float64Array(n + 1);
    this.pc = new Int32Array(n + 1);
    this.pa = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) {
      const v = x[i] as number;
      const free = excl[i] === 0;
      this.px[i + 1] = (this.px[i] as number) + (free ? v : 0);
      this.pc[i + 1] = (this.pc[i] as number) + (free ? 1 : 0);
      this.pa[i + 1] = (this.pa[i] as number) + v;
    }
    this.cache = new Float64Array(n).fill(Number.NaN);
    this.buf = new Float64Array(opts.baselineWeeks);
    this.bufAll = new Float64Array(opts.baselineWeeks);
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
    const { baselineWeeks, weekBuckets, sampleHalfWidth: h } = this.opts;
    const last = this.x.length - 1;
    const wide = weekBuckets > 1000 ? 15 : 1;
    let n = 0;
    let nAll = 0;
    for (let k = 1; k <= baselineWeeks; k++) {
      const c = t - k * weekBuckets;
      if (c < 0) break;
      const lo = Math.max(c - h, 0);
      const hi = Math.min(c + h, last);
      const cnt = (this.pc[hi + 1] as number) - (this.pc[lo] as number);
      if (cnt > 0) this.buf[n++] = ((this.px[hi + 1] as number) - (this.px[lo] as number)) / cnt;
      else {
        // Dense schedules: widen to ±WIDE buckets before giving up on spot-free minutes.
        const wlo = Math.max(c - wide, 0);
        const whi = Math.min(c + wide, last);
        const wc = (this.pc[whi + 1] as number) - (this.pc[wlo] as number);
        if (wc > 0) this.buf[n++] = ((this.px[whi + 1] as number) - (this.px[wlo] as number)) / wc;
      }
      this.bufAll[nAll++] = ((this.pa[hi + 1] as number) - (this.pa[lo] as number)) / (hi - lo + 1);
    }
    const v = n > 0 ? medianInPlace(this.buf, n) : nAll > 0 ? medianInPlace(this.bufAll, nAll) : -1;
    this.cache[t] = v;
    return v;
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
