// The hourly regression's coordinate-descent sweep over the DMAs' blocks (hourly-blocks.ts,
// hourly-response.ts): the index of every station's places in the blocks, and one sweep.
import type { MarketBlock } from './hourly-blocks';
import { HOURS } from './hourly-dayparts';

/** Per station, the blocks it is in and its local index there (CSR by station). */
export interface Memberships {
  start: Int32Array;
  block: Int32Array;
  index: Int32Array;
}

/** Indexes every station's places in `blocks`, blocks in order. */
export function memberships(stations: number, blocks: MarketBlock[]): Memberships {
  const start = new Int32Array(stations + 1);
  for (const b of blocks) for (const u of b.units) start[u + 1] = (start[u + 1] as number) + 1;
  for (let u = 0; u < stations; u++) start[u + 1] = (start[u + 1] as number) + (start[u] as number);
  const fill = start.slice(0, stations);
  const block = new Int32Array(start[stations] as number);
  const index = new Int32Array(start[stations] as number);
  blocks.forEach((b, bi) => {
    b.units.forEach((u, i) => {
      const q = fill[u] as number;
      fill[u] = q + 1;
      block[q] = bi;
      index[q] = i;
    });
  });
  return { start, block, index };
}

/**
 * One coordinate-descent sweep of {@link regressResponse} over the blocks' sums: every station
 * (kept ≥ 0), then every block's free α levels, updating β and α in place; writes into `out` the
 * largest move of a station's β and the largest new β among the stations that moved (the scale
 * the stopping rule compares the move with). A function of its own so V8
 * optimises it after the first sweeps instead of replacing a long-running loop on the stack.
 */
export function sweep(
  curv: Float64Array,
  pen: Float64Array,
  rhs: Float64Array,
  blocks: MarketBlock[],
  member: Memberships,
  beta: Float64Array,
  out: Float64Array,
): void {
  const stations = beta.length;
  let moved = 0;
  let top = 0;
  for (let u = 0; u < stations; u++) {
    const c = curv[u] as number;
    if (!(c > 0)) continue;
    const old = beta[u] as number;
    let g = (rhs[u] as number) - (pen[u] as number) * old;
    for (let q = member.start[u] as number; q < (member.start[u + 1] as number); q++) {
      const blk = blocks[member.block[q] as number] as MarketBlock;
      const i = member.index[q] as number;
      const { units, gram, cross, alpha } = blk;
      const row = i * units.length;
      g += blk.b[i] as number;
      for (let j = 0; j < units.length; j++) {
        g -= (gram[row + j] as number) * (beta[units[j] as number] as number);
      }
      for (let h = 0; h < HOURS; h++) g -= (cross[i * HOURS + h] as number) * (alpha[h] as number);
    }
    const next = Math.max(0, old + g / c);
    const d = next - old;
    if (d === 0) continue;
    if (Math.abs(d) > moved) moved = Math.abs(d);
    if (next > top) top = next;
    beta[u] = next;
  }
  // α_h = Σ w·(e − Σ f·β) / Σ w over the hour's buckets: its exact step.
  for (const blk of blocks) {
    const { units, cross, alpha, levelW, levelB } = blk;
    for (let h = 0; h < HOURS; h++) {
      const w = levelW[h] as number;
      if (!(w > 0)) continue;
      let v = levelB[h] as number;
      for (let i = 0; i < units.length; i++) {
        v -= (cross[i * HOURS + h] as number) * (beta[units[i] as number] as number);
      }
      alpha[h] = v / w;
    }
  }
  out[0] = moved;
  out[1] = top;
}
