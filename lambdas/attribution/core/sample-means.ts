/**
 * The per-bucket sample means behind the seasonal baseline (method note §5.1 step 3; see
 * SeasonalBaseline in baseline.ts): their half-width and the passes that compute them, each a
 * small function V8 optimises on its own.
 */

import type { ResolvedOptions } from './options';

/**
 * Visits a seasonal sample should hold on average (minute mode). The median of K small-count
 * sample means is biased low (counts are right-skewed: a 5-minute sum of 2 visits has its median
 * below its mean), which inflated low-volume markets by up to 30% on the benchmark. A sample of
 * ≥ 20 expected visits keeps that skew under ~2%, so low-volume series widen their sample.
 */
export const SAMPLE_TARGET_VISITS = 20;
/** Widest sample half-width, minutes (a ±15-minute mean still follows the diurnal curve). */
export const MAX_HALF_WIDTH = 15;

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
 * Prefix sums over buckets [0, i) of the spot-free x (px) and their count (pc), in bucket order,
 * and the spot-free buckets in order (free[k] = the k-th spot-free bucket; the last spot-free
 * bucket before c is free[pc[c] − 1]).
 * @param px length ≥ x.length + 1; @param pc length ≥ x.length + 1; @param free length ≥ x.length.
 * @returns Σx over all buckets, added in bucket order.
 */
export function prefixSums(
  x: Float64Array,
  excl: Uint8Array,
  px: Float64Array,
  pc: Int32Array,
  free: Int32Array,
): number {
  let sx = 0;
  let sc = 0;
  let sa = 0;
  px[0] = 0;
  pc[0] = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    sa += v;
    if (excl[i] === 0) {
      sx += v;
      free[sc] = i;
      sc++;
    }
    px[i + 1] = sx;
    pc[i + 1] = sc;
  }
  return sa;
}

/**
 * Prefix sums of all x: pa[i] = Σx over buckets [0, i), added in bucket order.
 * @param pa length ≥ x.length + 1.
 */
export function prefixAll(x: Float64Array, pa: Float64Array): void {
  let s = 0;
  pa[0] = 0;
  for (let i = 0; i < x.length; i++) {
    s += x[i] as number;
    pa[i + 1] = s;
  }
}

/**
 * m(c) for every bucket: the mean of x over the spot-free buckets of [c − h, c + h], else of
 * [c − wide, c + wide], else NaN (bounds clamped to the series), from the prefix sums of
 * {@link prefixSums}. The interior loop needs no clamping; its rare fallback and the edges go
 * through {@link clampedMean}.
 * @param m length n; @param h half-width ≥ 0; @param wide widened half-width.
 */
export function sampleMeans(
  px: Float64Array,
  pc: Int32Array,
  m: Float64Array,
  h: number,
  wide: number,
): void {
  const n = m.length;
  const inner0 = Math.min(h, n);
  const inner1 = Math.max(inner0, n - h);
  for (let c = 0; c < inner0; c++) m[c] = clampedMean(px, pc, c, h, wide, n);
  for (let c = inner0; c < inner1; c++) {
    const cnt = (pc[c + h + 1] as number) - (pc[c - h] as number);
    if (cnt > 0) m[c] = ((px[c + h + 1] as number) - (px[c - h] as number)) / cnt;
    else m[c] = clampedMean(px, pc, c, h, wide, n);
  }
  for (let c = inner1; c < n; c++) m[c] = clampedMean(px, pc, c, h, wide, n);
}

/** m(c) with the bounds clamped to [0, n − 1] (see {@link sampleMeans}). */
function clampedMean(
  px: Float64Array,
  pc: Int32Array,
  c: number,
  h: number,
  wide: number,
  n: number,
): number {
  const lo = Math.max(c - h, 0);
  const hi = Math.min(c + h, n - 1);
  const cnt = (pc[hi + 1] as number) - (pc[lo] as number);
  if (cnt > 0) return ((px[hi + 1] as number) - (px[lo] as number)) / cnt;
  // Dense schedules: widen before giving up on spot-free minutes.
  const wlo = Math.max(c - wide, 0);
  const whi = Math.min(c + wide, n - 1);
  const wc = (pc[whi + 1] as number) - (pc[wlo] as number);
  return wc > 0 ? ((px[whi + 1] as number) - (px[wlo] as number)) / wc : Number.NaN;
}
