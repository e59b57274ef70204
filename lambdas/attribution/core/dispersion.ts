import type { ClusterLevel, SeasonalBaseline } from './baseline';

/** At most this many spot-free pseudo-windows are sampled per market. */
const MAX_WINDOWS = 1500;
/** Below this many usable windows the estimate is not trusted and φ = 1 (Poisson). */
const MIN_WINDOWS = 30;

/** Dispersion estimate of one market: φ = Σ(X − B)²/ΣB over spot-free windows. */
export interface DispersionEstimate {
  /** max(1, raw) when enough windows, else 1. */
  phi: number;
  /** Σ(X − B)² and ΣB, to pool markets. */
  sumSq: number;
  sumB: number;
  windows: number;
}

/**
 * Over-dispersion φ of one market (method note §5.1 step 6): pseudo-airings are placed on a
 * regular stride in spot-free stretches with at least minBaselineWeeks of history; each gets the
 * same baseline as a real cluster (seasonal median × level factor), so φ also absorbs the baseline's
 * own noise. φ = variance/mean of X − B with X, B the visits and baseline summed over `spanBuckets`.
 */
export function estimateDispersion(
  base: SeasonalBaseline,
  spanBuckets: number,
): DispersionEstimate {
  const { x, opts, memo } = base;
  const len = x.length;
  const s0 = Math.max(
    opts.minBaselineWeeks * opts.weekBuckets + opts.sampleHalfWidth,
    opts.levelBuckets,
  );
  const room = len - spanBuckets - s0;
  if (room <= 0) return { phi: 1, sumSq: 0, sumB: 0, windows: 0 };
  const stride = Math.max(spanBuckets + opts.levelBuckets, Math.floor(room / MAX_WINDOWS));
  let sumSq = 0;
  let sumB = 0;
  let windows = 0;
  const lv: ClusterLevel = { seasonal: false, r: 1, preRate: 0 };
  for (let s = s0; s + spanBuckets <= len; s += stride) {
    if (base.freeCount(s, s + spanBuckets) !== spanBuckets) continue;
    base.level(s, lv);
    let X = 0;
    let B = 0;
    for (let t = s; t < s + spanBuckets; t++) {
      X += x[t] as number;
      // base.baselineAt(t, lv), inlined (no boxed double per call).
      let b = lv.preRate;
      if (lv.seasonal) {
        let v = memo[t] as number;
        if (Number.isNaN(v)) {
          base.fillSeasonal(t);
          v = memo[t] as number;
        }
        b = v < 0 ? lv.preRate : v * lv.r;
      }
      B += b;
    }
    if (B <= 0) continue;
    sumSq += (X - B) * (X - B);
    sumB += B;
    windows++;
  }
  const phi = windows >= MIN_WINDOWS && sumB > 0 ? Math.max(1, sumSq / sumB) : 1;
  return { phi, sumSq, sumB, windows };
}
