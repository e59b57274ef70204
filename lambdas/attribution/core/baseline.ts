import { hourOffsets } from './hour-offsets';
import { groupLifts, LIFT_GROUPS } from './masked-lift';
import type { ResolvedOptions } from './options';
import { prefixAll, prefixSums, sampleHalfWidth, sampleMeans } from './sample-means';
import { medianInPlace, storeMedian8 } from './stats';
import { NATIONAL } from './types';

export { LIFT_GROUPS, LIFT_PRIOR_VISITS } from './masked-lift';

/**
 * Pseudo-count (visits) that shrinks the level factor r towards 1:
 * r = (Σx + c)/(ΣS + c) over the level buckets. With 15 level minutes at 1 visit/minute r moves
 * about 60% of the way to the raw ratio; at 10 visits/minute about 94%; with ΣS ≈ 0 it stays ≈ 1.
 * This is the posterior mean of a gamma(c, c) prior on r, so tiny counts cannot blow the baseline up.
 */
export const LEVEL_PRIOR_VISITS = 10;

/** Hour mode: days back whose spot-free hours set the level factor (see SeasonalBaseline.hourLevel). */
export const HOUR_LEVEL_DAYS = 7;
/** Hour mode: hours served by one level factor (the split refreshes the level every 6 hours). */
export const HOUR_LEVEL_SPAN = 6;

/** Baseline parameters of one overlap cluster (method note §5.1 step 3). */
export interface ClusterLevel {
  /** true: b = S·r; false: fewer than minBaselineWeeks of history, b = preRate (Next90 rule). */
  seasonal: boolean;
  r: number;
  /** Mean visits per bucket over the spot-free level buckets before the cluster. */
  preRate: number;
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
  readonly free: Int32Array;
  readonly pa: Float64Array;
  readonly m: Float64Array;
  readonly memo: Float64Array;

  constructor(readonly n: number) {
    this.px = new Float64Array(n + 1);
    this.pc = new Int32Array(n + 1);
    this.free = new Int32Array(n);
    this.pa = new Float64Array(n + 1);
    this.m = new Float64Array(n);
    this.memo = new Float64Array(n);
  }
}

/**
 * Seasonal baseline of one market series (method note §5.1 step 3).
 * S(t) = median over k = 1..K of m(t − k·week), where m(c) is the spot-free mean of x in
 * [c − h, c + h] (h from {@link sampleHalfWidth}: a centred mean removes the discreteness of small
 * counts while the median across weeks still resists past spikes). Minute mode: when that
 * neighbourhood is entirely inside airing windows it widens to ±max(15, 2h) minutes.
 * Hour mode (h = 0, method note §5.2): a masked hour is never filled from other hours; the
 * median takes the K latest weeks whose same LOCAL weekday and hour is spot-free, reaching back
 * past K weeks when needed ({@link hourSamples}), and the level factor compares the same hours
 * of recent days ({@link hourLevel}); weeks missing from the K are made up by masked weeks with
 * the mean response of hours holding as many airings taken out ({@link maskedLift}).
 * Weeks before the data start are skipped; when every sample week is inside airing windows the
 * median of the unmasked means is used (conservative: it can only raise the baseline).
 *
 * Speed: m is computed once for every bucket (two passes, sample-means.ts) and S(t) lazily into
 * {@link memo}, so each S costs K array reads and a median of ≤ K values (storeMedian8 for
 * K = 8). The spot-free buckets are also listed in order ({@link free}), so the level walk and
 * the halo visit only those.
 */
export class SeasonalBaseline {
  /** Sample half-width in buckets (see {@link sampleHalfWidth}). */
  readonly halfWidth: number;
  /** pc[c] = number of spot-free buckets in [0, c). */
  readonly pc: Int32Array;
  /** The spot-free buckets in order; the last one before c is free[pc[c] − 1]. */
  readonly free: Int32Array;
  /** Prefix sums of all x, filled on first use by {@link pa} (rare: see its callers). */
  private readonly paBuffer: Float64Array;
  private paReady = false;
  /** m(c): spot-free sample mean around c, NaN when none (see class doc). */
  private readonly m: Float64Array;
  /**
   * S(t) of every bucket computed so far, NaN before. Hot loops read it directly and call
   * {@link fillSeasonal} only on NaN: a call per bucket that returns a double costs a heap box
   * whenever V8 does not inline it.
   */
  readonly memo: Float64Array;
  private buf: Float64Array;
  /** Hour mode: the masked samples of one hour (see hourSamples). */
  private readonly maskedBuf: Float64Array;
  /**
   * Hour mode with a known time zone: the UTC offset of every bucket in hours, so a history week
   * is sampled at the same LOCAL weekday and hour (across a daylight-saving change the same UTC
   * hour is a different point of the daily curve). null = UTC weeks (minute mode, unknown zone).
   */
  private readonly offset: Int8Array | null;
  /** Hour mode: {@link maskedLift} by airing-count group, null until computed. */
  private lifts: Float64Array | null = null;
  /** Hour mode: airings active per bucket (saturating), or excl itself (one group) when not given. */
  private readonly active: Uint8Array;

  /**
   * @param x visits per bucket of the market; @param excl 1 = bucket inside an airing window (not spot-free).
   * @param scratch optional shared buffers (see {@link BaselineScratch}); ignored when its n differs.
   * @param market the series' market key (DMA code, default NATIONAL): in hour mode its time zone
   *   (opts.tzByMarket) aligns the history weeks on local clock hours; UTC weeks when the zone is unknown.
   * @param active hour mode: airings active per bucket (windows.ts countWindows), which groups the
   *   masked hours' lift ({@link maskedLift}); absent = one group, a single lift for the market.
   */
  constructor(
    readonly x: Float64Array,
    readonly excl: Uint8Array,
    readonly opts: ResolvedOptions,
    scratch?: BaselineScratch,
    market: string = NATIONAL,
    active?: Uint8Array,
  ) {
    const n = x.length;
    const s = scratch && scratch.n === n ? scratch : new BaselineScratch(n);
    const { px, pc, m, free } = s;
    const sa = prefixSums(x, excl, px, pc, free);
    const h = sampleHalfWidth(opts, n > 0 ? sa / n : 0);
    this.halfWidth = h;
    sampleMeans(px, pc, m, h, opts.step === 60 ? Math.max(15, 2 * h) : h);
    this.pc = pc;
    this.free = free;
    this.paBuffer = s.pa;
    this.m = m;
    this.memo = s.memo.fill(Number.NaN);
    this.buf = new Float64Array(opts.baselineWeeks);
    this.maskedBuf = new Float64Array(opts.baselineWeeks);
    const tz = opts.tzByMarket.get(market);
    this.offset = opts.step === 3600 && tz ? hourOffsets(tz, opts.seriesStartUtc, n) : null;
    this.active = active && active.length === n ? active : excl;
  }

  /** Prefix sums of all x: pa[i] = Σx over [0, i). */
  private pa(): Float64Array {
    if (!this.paReady) {
      prefixAll(this.x, this.paBuffer);
      this.paReady = true;
    }
    return this.paBuffer;
  }

  /** Number of spot-free buckets in [lo, hi). */
  freeCount(lo: number, hi: number): number {
    return (this.pc[hi] as number) - (this.pc[lo] as number);
  }

  /** Weeks of history available at bucket t (k = 1..K with t − k·week ≥ 0). */
  historyWeeks(t: number): number {
    return Math.min(this.opts.baselineWeeks, Math.floor(t / this.opts.weekBuckets));
  }

  /**
   * Computes S(t) into {@link memo}: visits per bucket, or −1 when no history week exists. Returns nothing on purpose: a double returned from a call
   * V8 does not inline is boxed on the heap, and this runs about a million times per report.
   */
  fillSeasonal(t: number): void {
    const { baselineWeeks, weekBuckets } = this.opts;
    const m = this.m;
    // Default K = 8 with full history (most buckets): a buffer-free median of the eight weeks.
    if (baselineWeeks === 8 && t >= 8 * weekBuckets && this.opts.step === 60) {
      if (storeMedian8(m, t - 8 * weekBuckets, weekBuckets, this.memo, t)) return;
    }
    const buf = this.buf;
    let n = 0;
    if (this.opts.step === 60) {
      let c = t - weekBuckets;
      for (let k = 1; k <= baselineWeeks && c >= 0; k++, c -= weekBuckets) {
        const v = m[c] as number;
        if (!Number.isNaN(v)) buf[n++] = v;
      }
    } else n = this.hourSamples(t, true);
    let v: number;
    if (n > 0) v = medianInPlace(buf, n);
    else v = this.allMinutesMedian(t);
    this.memo[t] = v;
  }

  /**
   * Hour mode: how much higher the hours inside windows run than their seasonal shape, relative to
   * the spot-free hours, by the number n of airings active in the hour (groups 0..LIFT_GROUPS − 1,
   * the last one holding n ≥ LIFT_GROUPS − 1), over the buckets whose S₀ comes from spot-free
   * weeks alone: L(n) = [(Σ_{M(n)} x + k·R_M) / (Σ_{M(n)} S₀ + k)] / R_free, with
   * R = (Σx + c)/(ΣS₀ + c) over all masked (R_M) or spot-free (R_free) such buckets,
   * c = {@link LEVEL_PRIOR_VISITS} and k = {@link LIFT_PRIOR_VISITS}. It is the mean response of a masked hour with n airings as a
   * factor, measured where a clean S exists, and ≈ 1 when nothing responds (the hours then differ
   * only by noise, either way: no floor, which would bias it up). One lift for every masked hour
   * was the mean over hours of one airing and hours of five: an hour with a single airing was
   * divided by too much (its fill, and through it S and the level factor r of spot-free hours
   * whose history weeks were masked, ran low) and a busy hour by too little (its fill kept part
   * of its responses). With the airing counts unknown (`active` not given) every masked hour is
   * one group: the single market-wide lift. Computed once per baseline, on first use.
   */
  private maskedLift(): Float64Array {
    if (this.lifts) return this.lifts;
    const { x, excl, active } = this;
    const samples = this.buf;
    // hourSamples writes into buf, which holds the caller's samples: give it another one.
    this.buf = new Float64Array(samples.length);
    const mx = new Float64Array(LIFT_GROUPS);
    const mS = new Float64Array(LIFT_GROUPS);
    let fx = 0;
    let fS = 0;
    for (let t = 0; t < x.length; t++) {
      const n = this.hourSamples(t, false);
      if (n === 0) continue;
      const s = medianInPlace(this.buf, n);
      if (excl[t] === 0) {
        fx += x[t] as number;
        fS += s;
      } else {
        const g = Math.min(active[t] as number, LIFT_GROUPS - 1);
        mx[g] = (mx[g] as number) + (x[t] as number);
        mS[g] = (mS[g] as number) + s;
      }
    }
    this.buf = samples;
    this.lifts = groupLifts(mx, mS, fx, fS, LEVEL_PRIOR_VISITS);
    return this.lifts;
  }

  /** Hour mode: the lift of masked bucket t's airing-count group ({@link maskedLift}). */
  liftAt(t: number): number {
    return this.maskedLift()[Math.min(this.active[t] as number, LIFT_GROUPS - 1)] as number;
  }

  /**
   * Hour mode: the spot-free values of the same local weekday and hour in the latest weeks before
   * t, into buf; returns their count (≤ K). A week whose hour is inside an airing window is
   * skipped and an older week taken instead, back to the start of the data: on a busy schedule
   * nearly every daytime hour of the attributed weeks is masked, and filling those with nearby
   * spot-free hours (the night) put a flattened daily curve into the median (low at the evening
   * peak, high in the morning), while the spot-free history weeks hold the true shape.
   * With fewer than minBaselineWeeks weeks of history the samples are the same local hour of the
   * latest (up to 7) days instead: the minute rule's pre-window rate, taken from the spot-free
   * hours before a cluster, is the night's rate on a busy schedule, which made every daytime
   * baseline a fraction of its traffic (and the national series, cleaned of each DMA's local
   * excess, lost that much of its first weeks, which later weeks' medians read). The first day,
   * with no earlier day, takes the same local hour of the following (up to 7) days: hourly data
   * that begin on the day of the first airings otherwise credited that day's airings with most of
   * their hours (17 airings given 24.6 times their response in hourly-baseline.test.ts).
   * With `fill`, when fewer than K spot-free weeks exist, the latest masked weeks of that hour
   * make up the rest, each divided by the {@link maskedLift} of its airing count: an hour inside a window in
   * every week (an airing at that hour every day) had only the general fallback, whose median
   * kept about 60% of those hours' responses in the baseline (about 25,000 visits, a sixth of
   * the injected total, on the accuracy bench), and an hour with one or two spot-free weeks had a
   * median of one or two noisy counts; the national series has such hours most of the day.
   */
  private hourSamples(t: number, fill: boolean): number {
    const { baselineWeeks, minBaselineWeeks } = this.opts;
    const { m, buf, x } = this;
    const offset = this.offset;
    const len = m.length;
    const here = offset ? (offset[t] as number) : 0;
    // Under minBaselineWeeks of history: the same hour of the latest days (a daily shape).
    const daily = this.historyWeeks(t) < minBaselineWeeks;
    const stride = daily ? 24 : this.opts.weekBuckets;
    const want = daily ? Math.min(baselineWeeks, 7) : baselineWeeks;
    const masked = this.maskedBuf;
    let n = 0;
    let nm = 0;
    // Earlier weeks (days) first; the first day has no earlier day, so the nearest days after it
    // give the same daily shape.
    let earlier = false;
    for (let dir = -stride; dir !== 0; dir = daily && !earlier && dir < 0 ? stride : 0) {
      for (let c0 = t + dir; c0 >= 0 && c0 < len && n < want; c0 += dir) {
        const c = offset ? c0 + here - (offset[c0] as number) : c0;
        if (c < 0 || c >= len) continue;
        earlier = true;
        const v = m[c] as number;
        if (!Number.isNaN(v)) buf[n++] = v;
        else if (fill && nm < want) masked[nm++] = (x[c] as number) / this.liftAt(c);
      }
    }
    if (fill && n < want && nm > 0) {
      for (let k = 0; k < nm && n < want; k++) buf[n++] = masked[k] as number;
    }
    return n;
  }

  /** Median over the history weeks of the plain (unmasked) sample means; −1 without history. */
  private allMinutesMedian(t: number): number {
    const { baselineWeeks, weekBuckets } = this.opts;
    const h = this.halfWidth;
    const last = this.x.length - 1;
    const pa = this.pa();
    let n = 0;
    for (let k = 1; k <= baselineWeeks; k++) {
      const c = t - k * weekBuckets;
      if (c < 0) break;
      const lo = Math.max(c - h, 0);
      const hi = Math.min(c + h, last);
      this.buf[n++] = ((pa[hi + 1] as number) - (pa[lo] as number)) / (hi - lo + 1);
    }
    return n > 0 ? medianInPlace(this.buf, n) : -1;
  }

  /**
   * Level of a cluster starting at bucket c0: walks back from c0 − 1 over at most lookbackBuckets,
   * collecting up to levelBuckets spot-free buckets; r = (Σx + c)/(ΣS + c) ({@link LEVEL_PRIOR_VISITS}),
   * in hour mode from the same hours of recent days instead ({@link hourLevel}).
   * With < minBaselineWeeks weeks of history the cluster uses the pre-window rate instead (minute
   * mode; hour mode's short-history samples are the same hour of nearby days, hourSamples, and
   * the pre-window rate only stands in where no such day exists, S = −1).
   * @param out optional object to fill and return instead of a new one (hot loops reuse one).
   */
  level(c0: number, out?: ClusterLevel): ClusterLevel {
    const { levelBuckets, lookbackBuckets, minBaselineWeeks } = this.opts;
    // Hour mode always has a seasonal shape once the series spans two days: the daily one of
    // nearby days (hourSamples), the following ones on the first day.
    const seasonal = this.historyWeeks(c0) >= minBaselineWeeks || this.opts.step !== 60;
    let sx = 0;
    let sS = 0;
    let got = 0;
    const stop = Math.max(0, c0 - lookbackBuckets);
    const { free, x, memo } = this;
    // The spot-free buckets before c0, latest first (free[] skips the airing windows).
    const top = Math.min(c0, x.length);
    for (let k = (this.pc[top] as number) - 1; k >= 0 && got < levelBuckets; k--) {
      const t = free[k] as number;
      if (t < stop) break;
      const v = x[t] as number;
      sx += v;
      if (seasonal) {
        let s = memo[t] as number;
        if (Number.isNaN(s)) {
          this.fillSeasonal(t);
          s = memo[t] as number;
        }
        sS += s < 0 ? v : s;
      }
      got++;
    }
    let preRate: number;
    if (got > 0) preRate = sx / got;
    else {
      const lo = Math.max(0, c0 - levelBuckets);
      const pa = this.pa();
      preRate = c0 > lo ? ((pa[c0] as number) - (pa[lo] as number)) / (c0 - lo) : 0;
    }
    let r = seasonal && got > 0 ? (sx + LEVEL_PRIOR_VISITS) / (sS + LEVEL_PRIOR_VISITS) : 1;
    if (seasonal && this.opts.step !== 60) r = this.hourLevel(c0);
    if (!out) return { seasonal, r, preRate };
    out.seasonal = seasonal;
    out.r = r;
    out.preRate = preRate;
    return out;
  }

  /**
   * Hour mode's level factor for the block [c0, c0 + HOUR_LEVEL_SPAN) (the hours one level
   * serves in the split): r = (Σx + c)/(ΣS + c) over the spot-free buckets at the SAME hours of
   * the previous HOUR_LEVEL_DAYS days; 1 when there are none. The minute rule (the spot-free
   * buckets just before the cluster) picks, on a busy schedule, night hours up to a day away
   * whose ratio x/S says nothing about the evening peak: a small error of the night's shape (a
   * daylight-saving change, a response tail, Arizona summed into the national series) became a
   * 5-20% error of every daytime baseline. The same hours on recent days track a slow change of
   * level without borrowing another part of the daily curve.
   */
  private hourLevel(c0: number): number {
    const { x, excl, memo } = this;
    let sx = 0;
    let sS = 0;
    for (let j = 1; j <= HOUR_LEVEL_DAYS; j++) {
      for (let d = 0; d < HOUR_LEVEL_SPAN; d++) {
        const t = c0 + d - 24 * j;
        if (t < 0 || t >= x.length || excl[t] !== 0) continue;
        let s = memo[t] as number;
        if (Number.isNaN(s)) {
          this.fillSeasonal(t);
          s = memo[t] as number;
        }
        if (s < 0) continue;
        sx += x[t] as number;
        sS += s;
      }
    }
    return sS > 0 ? (sx + LEVEL_PRIOR_VISITS) / (sS + LEVEL_PRIOR_VISITS) : 1;
  }

  /** b(t) for a cluster with the given level: S(t)·r, or the pre-window rate (fallback / no history). */
  baselineAt(t: number, lv: ClusterLevel): number {
    if (!lv.seasonal) return lv.preRate;
    let s = this.memo[t] as number;
    if (Number.isNaN(s)) {
      this.fillSeasonal(t);
      s = this.memo[t] as number;
    }
    return s < 0 ? lv.preRate : s * lv.r;
  }
}
