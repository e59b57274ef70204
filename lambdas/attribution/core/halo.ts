import type { SeasonalBaseline } from './baseline';
import type { Accumulators } from './split';
import type { AiringGrid } from './windows';

/** End of the halo post-window, minutes after the airing start (method note §5.3). */
export const HALO_END_MINUTES = 60;

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
 * @param own airings of this market (not the national sharers of a DMA).
 * @param scratch optional all-zero Int32Array of length ≥ x.length + 1, reused across markets
 *   (returned all-zero).
 */
export function accumulatePostWindow(
  base: SeasonalBaseline,
  own: Int32Array,
  grid: AiringGrid,
  acc: Accumulators,
  windowMinutes: number,
  out: PostWindow,
  scratch?: Int32Array,
): void {
  const { x, excl } = base;
  const len = x.length;
  const cover = scratch && scratch.length > len ? scratch : new Int32Array(len + 1);
  // Prefix sums only over the covered span: cover stays 0 (and untouched) elsewhere.
  let spanLo = len;
  let spanHi = 0;
  for (let m = 0; m < own.length; m++) {
    const a = own[m] as number;
    const lo = Math.max(0, (grid.first[a] as number) + windowMinutes);
    const hi = Math.min(len - 1, (grid.first[a] as number) + HALO_END_MINUTES - 1);
    if (lo > hi) continue;
    cover[lo] = (cover[lo] as number) + 1;
    cover[hi + 1] = (cover[hi + 1] as number) - 1;
    if (lo < spanLo) spanLo = lo;
    if (hi + 1 > spanHi) spanHi = hi + 1;
  }
  for (let t = spanLo + 1; t <= spanHi; t++) {
    cover[t] = (cover[t] as number) + (cover[t - 1] as number);
  }
  for (let m = 0; m < own.length; m++) {
    const a = own[m] as number;
    const lo = Math.max(0, (grid.first[a] as number) + windowMinutes);
    const hi = Math.min(len - 1, (grid.first[a] as number) + HALO_END_MINUTES - 1);
    if (lo > hi) continue;
    const lv = acc.levels[a] ?? base.level(lo);
    let o = 0;
    let e = 0;
    for (let t = lo; t <= hi; t++) {
      if (excl[t] !== 0) continue;
      const c = cover[t] as number;
      o += (x[t] as number) / c;
      e += base.baselineAt(t, lv) / c;
    }
    out.observed[a] = o;
    out.expected[a] = e;
  }
  if (spanLo <= spanHi) cover.fill(0, spanLo, spanHi + 1);
}
