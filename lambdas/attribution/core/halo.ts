import type { ClusterLevel, SeasonalBaseline } from './baseline';
import type { Accumulators } from './split';
import type { GridColumns } from './windows';

/** End of the halo post-window, minutes after the airing start (method note §5.3). */
export const HALO_END_MINUTES = 60;

/** Reusable per-bucket buffers of {@link accumulatePostWindow} (any content; overwritten). */
export interface HaloScratch {
  cover: Int32Array;
  xShare: Float64Array;
}

/** Per-airing post-window sums (minute mode only; zeros in hour mode). */
export interface PostWindow {
  observed: Float64Array;
  expected: Float64Array;
}

/**
 * Post-window visits for the halo flag (method note §5.3 "Halo daypart"): minutes
 * [start + window, start + 60) that are spot-free in the market. A minute in several airings'
 * post-windows is split equally among them, so row sums never count a minute twice. The baseline
 * reuses the level of the airing's own cluster.
 *
 * Speed: only spot-free minutes are visited (through the baseline's list of them). `own` is sorted
 * by first bucket, so the post-windows' starts and ends both ascend: each such minute is visited
 * once, just before the first airing that needs it, to count the post-windows covering it (two
 * pointers), divide its visits by that count and compute its seasonal median; the per-airing
 * loops then only add. Airings in the same minute with the same level share their sums.
 * @param own airings of this market (not the national sharers of a DMA), sorted by first bucket.
 * @param scratch optional buffers of length ≥ x.length, reused across markets.
 */
export function accumulatePostWindow(
  base: SeasonalBaseline,
  own: Int32Array,
  grid: GridColumns,
  acc: Accumulators,
  windowMinutes: number,
  out: PostWindow,
  scratch?: HaloScratch,
): void {
  const { x, memo, free, pc } = base;
  const len = x.length;
  const first = grid.first;
  const M = own.length;
  // cover[k] = post-windows covering spot-free minute t = free[k]; xShare[k] = x[t] / cover[k].
  const fits = scratch && scratch.cover.length >= len && scratch.xShare.length >= len;
  const cover = fits ? scratch.cover : new Int32Array(len);
  const xShare = fits ? scratch.xShare : new Float64Array(len);
  const lv: ClusterLevel = { seasonal: false, r: 1, preRate: 0 };
  // Post-windows with first + window ≤ t (started) and first + 59 < t (ended): both prefixes of own.
  let started = 0;
  let ended = 0;
  let counted = 0;
  // The previous airing's first bucket, level and sums (see the same-minute shortcut below).
  let prevFirst = 0;
  let prevKind = -1;
  let prevR = 0;
  let prevPre = 0;
  let o = 0;
  let e = 0;
  for (let m = 0; m < M; m++) {
    const a = own[m] as number;
    const f = first[a] as number;
    const lo = Math.max(0, f + windowMinutes);
    const hi = Math.min(len - 1, f + HALO_END_MINUTES - 1);
    if (lo > hi) continue;
    // Spot-free minutes of [lo, hi]: free[k0..k1).
    const k0 = pc[lo] as number;
    const k1 = pc[hi + 1] as number;
    for (let k = Math.max(k0, counted); k < k1; k++) {
      const t = free[k] as number;
      while (started < M && (first[own[started] as number] as number) + windowMinutes <= t) {
        started++;
      }
      while (ended < M && (first[own[ended] as number] as number) + HALO_END_MINUTES - 1 < t) {
        ended++;
      }
      const c = started - ended;
      cover[k] = c;
      xShare[k] = (x[t] as number) / c;
      if (Number.isNaN(memo[t] as number)) base.fillSeasonal(t);
    }
    if (k1 > counted) counted = k1;
    const kind = acc.levelKind[a] as number;
    const r = acc.levelR[a] as number;
    const preRate = acc.levelPre[a] as number;
    // Airings in the same minute with the same level (or none: it then depends on lo alone) have
    // the same sums as the previous airing: o and e still hold them.
    if (
      f === prevFirst &&
      kind === prevKind &&
      (kind === 0 || (r === prevR && preRate === prevPre))
    ) {
      out.observed[a] = o;
      out.expected[a] = e;
      continue;
    }
    prevFirst = f;
    prevKind = kind;
    prevR = r;
    prevPre = preRate;
    if (kind === 0) base.level(lo, lv);
    else {
      lv.seasonal = kind === 1;
      lv.r = r;
      lv.preRate = preRate;
    }
    o = 0;
    e = 0;
    // x(t)/c and base.baselineAt(t, lv)/c, inlined: the same operations in the same order.
    if (lv.seasonal) {
      const lr = lv.r;
      const lp = lv.preRate;
      for (let k = k0; k < k1; k++) {
        o += xShare[k] as number;
        const s = memo[free[k] as number] as number;
        e += (s < 0 ? lp : s * lr) / (cover[k] as number);
      }
    } else {
      for (let k = k0; k < k1; k++) {
        o += xShare[k] as number;
        e += lv.preRate / (cover[k] as number);
      }
    }
    out.observed[a] = o;
    out.expected[a] = e;
  }
}
