import type { SharedMarket } from './response-split';

/** Most coordinate-descent sweeps of {@link regressResponse}; the ranks are settled well before. */
export const REGRESSION_SWEEPS = 30;
/**
 * {@link regressResponse} stops early once no station's β moved in a sweep by more than this
 * share of the largest β: 9-13 sweeps on the accuracy bench's hourly rows (real schedule, seeds
 * 1-8) where 10⁻³ took 17-23. The split only needs the stations' β relative to each other, and
 * those no longer move by then: after the station shrinkage the hourly rank correlation was
 * 0.734/0.724/0.760 (seeds 1-3) against 0.730/0.717/0.753 at 10⁻³, mean over seeds 1-8 0.734
 * against 0.732 (small generated schedule, seeds 1-12: mean −0.002), for about half the sweeps.
 */
export const REGRESSION_TOLERANCE = 1e-2;

/** Inputs of {@link regressResponse}. */
export interface HourlyRegressionInput {
  markets: SharedMarket[];
  /**
   * Per market, per airing slot of its log: the slot's fixed factor (see response-split.ts); a
   * slot's cell is its airing's (`cellOf`). null = flat factors (Slots.flat): a slot's factor is
   * 1, or its market's `scale` for a national airing in a DMA, read from `isNational`.
   */
  slotFactor: Float64Array[] | null;
  /** Per airing: 1 = national (read only with flat factors). */
  isNational: Uint8Array;
  /** Cell of every airing, and the unit (station) of every cell. */
  cellOf: Int32Array;
  cellUnit: Int32Array;
  units: number;
  /** Per airing, over the buckets it owned alone: Σ x, Σ b and their number (already credited). */
  observed: Float64Array;
  expected: Float64Array;
  share: Float64Array;
  /**
   * Per market: the mean positive expected response of its slots, the scale of the split's floor;
   * rewritten here at the regressed ρ (the first split has no earlier pass to take it from).
   */
  meanPositive: Float64Array;
}

/** Hours of the day: the regression gives every market a free level per hour of the day. */
const HOURS = 24;
/**
 * Ridge penalty on every station's β, relative to the median curvature Σ w·f² of the stations'
 * columns. Its main effect is on the networks: their columns in DMA buckets are about 1/100 of a
 * local station's (f = the DMA's share of national visits), so their β stays near 0 unless the
 * DMAs show it clearly, and a network no longer takes a share of the DMA's hour (and with it the
 * local stations' response) on the strength of noise. 0.1 raised the accuracy bench's hourly rank
 * correlation (real schedule, seeds 1-3) by 0.01-0.06; 0.3 and 1 by less, and less evenly.
 */
export const RIDGE = 0.1;

/**
 * Expected response per bucket of every station, from a regression of the hour buckets' excess on
 * the stations active in them (docs/attribution-method.md §8): in hour mode one bucket holds many
 * airings of many stations, and the mean attributed per airing of a few multiplicative re-splits
 * barely separates them, while the excess of the buckets a station is in (and is not in) does.
 *
 * Model, per DMA bucket t of market m: e(t) = x(t) − b(t) ≈ α_{m,h(t)} + Σ_{slots q of t} f_q·β_{u(q)},
 * with f_q the slot's fixed factor (impressions; for a national airing the DMA's share of national
 * visits), u(q) the station of its cell, and α a free (signed) level per market and hour of the day
 * h(t) = t mod 24 that absorbs the hourly baseline's error by hour, so that a station airing at
 * hours where the baseline runs low is not credited with it. Observations, each weighted by
 * 1/max(b, 1) (the variance of a count grows with its mean):
 * - every logged shared bucket of a DMA (local and national sharers);
 * - every local airing's single-owner buckets (their Σ x − Σ b over their number, at the mean
 *   baseline).
 * The national market's buckets are left out, shared and single-owner alike: they hold the whole
 * country's traffic, whose baseline error (about 1% of 3,000 visits an hour) is larger than any
 * airing's response and would be read as the response of the national networks; a network's β
 * comes from the DMA buckets alone, where its response is scaled by the DMA's share. (Its
 * single-owner buckets, at weight 1/b but factor 1, outweighed all its DMA buckets together, at
 * factor s ≈ 0.01: the networks took about 4x their response, and with it a DMA's share.)
 * Minimises Σ w·(e − α − Σ f·β)² + λ·Σ β², λ = {@link RIDGE} × the median of the stations'
 * Σ w·f², for β ≥ 0 by at most {@link REGRESSION_SWEEPS} sweeps of coordinate descent from β = 0, α = 0; a
 * station with no observation keeps 0 (the split's floor then shares its buckets equally). Writes
 * β_{u(c)} into `rho[c]` for every cell, and every market's `meanPositive` at that ρ.
 * The sweeps read each DMA's sums of products (its {@link MarketBlock}) instead of the buckets:
 * the same steps, in the same order, as a sweep over the buckets' residuals, at a cost per sweep
 * of the blocks' size rather than of the buckets (the 9-13 sweeps of the accuracy bench's hourly
 * rows took 0.5 ms in all against 3.4 ms). Deterministic (the markets in the given order).
 */
export function regressResponse(p: HourlyRegressionInput, rho: Float64Array): void {
  const { markets } = p;
  const stations = p.units;
  const national = nationalUnits(p);
  // Single-owner buckets: Σ_t w (e(t) − β)² = const − 2β·w·Σe + w·n·β², per airing.
  const diag = new Float64Array(stations);
  const rhs = new Float64Array(stations);
  for (let a = 0; a < p.cellOf.length; a++) {
    const n = p.share[a] as number;
    if (!(n > 0)) continue;
    const u = p.cellUnit[p.cellOf[a] as number] as number;
    // A network's buckets of its own hold the national series' baseline error, not its response.
    if (national[u] === 1) continue;
    const w = 1 / Math.max((p.expected[a] as number) / n, 1);
    diag[u] = (diag[u] as number) + w * n;
    rhs[u] = (rhs[u] as number) + w * ((p.observed[a] as number) - (p.expected[a] as number));
  }
  const blocks: MarketBlock[] = [];
  const localOf = new Int32Array(stations).fill(-1);
  for (let mi = 0; mi < markets.length; mi++) {
    const m = markets[mi] as SharedMarket;
    if (m.national || m.log.length === 0) continue;
    blocks.push(marketBlock(p, mi, localOf));
  }
  const member = memberships(stations, blocks);
  // Curvature Σ w·f² (+ the single-owner weight) of every station, then the ridge.
  const curv = Float64Array.from(diag);
  for (const b of blocks) {
    const k = b.units.length;
    for (let i = 0; i < k; i++) {
      const u = b.units[i] as number;
      curv[u] = (curv[u] as number) + (b.gram[i * k + i] as number);
    }
  }
  // Ridge toward 0: a station seen only beside others (or, a network, only at a DMA's share of
  // its response) is otherwise fit to whatever its partners leave over.
  const ridge = RIDGE * medianPositive(curv, stations);
  const pen = Float64Array.from(diag);
  for (let u = 0; u < stations; u++) {
    curv[u] = (curv[u] as number) + ridge;
    pen[u] = (pen[u] as number) + ridge;
  }
  const beta = new Float64Array(stations);
  const step = new Float64Array(2);
  for (let s = 0; s < REGRESSION_SWEEPS; s++) {
    sweep(curv, pen, rhs, blocks, member, beta, step);
    // Settled: no station's β moved by a hundredth of the largest (ranks no longer change).
    if ((step[0] as number) <= REGRESSION_TOLERANCE * (step[1] as number)) break;
  }
  for (let c = 0; c < rho.length; c++) rho[c] = beta[p.cellUnit[c] as number] as number;
  // Every ρ·f is ≥ 0 (β ≥ 0, factors ≥ 0): a DMA's Σ_q max(ρ·f, 0) is Σ_i β_i·(Σ f_i), read
  // from its block instead of a walk of its slots.
  const blockOf = new Int32Array(markets.length).fill(-1);
  blocks.forEach((b, bi) => {
    blockOf[b.market] = bi;
  });
  for (let mi = 0; mi < markets.length; mi++) {
    const used = (markets[mi] as SharedMarket).log.used;
    const bi = blockOf[mi] as number;
    let positive = 0;
    if (bi >= 0) {
      const { units, factorSum } = blocks[bi] as MarketBlock;
      for (let i = 0; i < units.length; i++) {
        positive += (beta[units[i] as number] as number) * (factorSum[i] as number);
      }
    } else {
      // The national market (no block): its slots' factors are 1 when flat.
      const { airings } = (markets[mi] as SharedMarket).log;
      const factor = p.slotFactor === null ? null : (p.slotFactor[mi] as Float64Array);
      for (let q = 0; q < used; q++) {
        const c = p.cellOf[airings[q] as number] as number;
        const v = (rho[c] as number) * (factor === null ? 1 : (factor[q] as number));
        if (v > 0) positive += v;
      }
    }
    p.meanPositive[mi] = used > 0 ? positive / used : 0;
  }
}

/**
 * One DMA's part of the regression as sums of products over its logged buckets t (weight w_t,
 * excess e_t, hour of the day h_t), for its k stations (each station's factors in a bucket
 * summed: f_{t,i}) and its {@link HOURS} free levels α_h. With them a station's step needs no
 * pass over the buckets: Σ_t w·f_i·(e − α − Σ_j f_j·β_j) = b_i − Σ_j G_ij·β_j − Σ_h C_ih·α_h.
 */
interface MarketBlock {
  /** The block's stations (regression units), local index i → unit. */
  units: Int32Array;
  /** G_ij = Σ_t w·f_{t,i}·f_{t,j}, k × k row-major. */
  gram: Float64Array;
  /** C_ih = Σ_{t: h_t = h} w·f_{t,i}, k × HOURS row-major. */
  cross: Float64Array;
  /** b_i = Σ_t w·f_{t,i}·e_t. */
  b: Float64Array;
  /** Per hour of the day: Σ w and Σ w·e of its buckets, and its level α_h. */
  levelW: Float64Array;
  levelB: Float64Array;
  alpha: Float64Array;
  /** The block's market (its index in HourlyRegressionInput.markets). */
  market: number;
  /** Per station: Σ of its slots' factors over the market's buckets (its mean positive ρ·f). */
  factorSum: Float64Array;
}

/**
 * Stations a block is first sized for; doubled whenever a bucket brings one more. The count is
 * known only once every slot has been seen, and a walk of the slots to count them first took 0.7
 * ms of the 4 ms the blocks of the accuracy bench's hourly rows take.
 */
const FIRST_STATIONS = 32;

/**
 * The {@link MarketBlock} of market `mi` (a DMA): its observations are its logged shared buckets,
 * each weighted by 1/max(b, 1), with the slots of one station in a bucket summed into one factor.
 * `localOf` is −1 for every unit on entry and on return (scratch of the station → local index map).
 */
function marketBlock(p: HourlyRegressionInput, mi: number, localOf: Int32Array): MarketBlock {
  const m = p.markets[mi] as SharedMarket;
  const { log } = m;
  const factor = p.slotFactor === null ? null : (p.slotFactor[mi] as Float64Array);
  const { cellUnit, cellOf } = p;
  const { t, xv, bv, start, airings } = log;
  // The market's stations in order of first slot and, with flat factors, each one's factor here
  // (a station's airings are all national or all local).
  const list: number[] = [];
  const flatFactor: number[] = [];
  let s = stationSums(Math.max(1, Math.min(p.units, FIRST_STATIONS)), null, 0);
  let { cap, gram, cross, b, factorSum, at, f, seen } = s;
  const levelW = new Float64Array(HOURS);
  const levelB = new Float64Array(HOURS);
  for (let e = 0; e < log.length; e++) {
    // The bucket's stations (local indexes) and summed factors; seen = its position + 1 in them.
    let n = 0;
    for (let q = start[e] as number; q < (start[e + 1] as number); q++) {
      const u = cellUnit[cellOf[airings[q] as number] as number] as number;
      let i = localOf[u] as number;
      if (i === -1) {
        i = list.length;
        localOf[u] = i;
        list.push(u);
        if (factor === null) {
          flatFactor.push(p.isNational[airings[q] as number] === 1 ? m.scale : 1);
        }
        if (i === cap) {
          s = stationSums(2 * cap, s, n);
          ({ cap, gram, cross, b, factorSum, at, f, seen } = s);
        }
      }
      const fq = factor === null ? (flatFactor[i] as number) : (factor[q] as number);
      const pos = (seen[i] as number) - 1;
      if (pos >= 0) f[pos] = (f[pos] as number) + fq;
      else {
        seen[i] = n + 1;
        at[n] = i;
        f[n++] = fq;
      }
    }
    const w = 1 / Math.max(bv[e] as number, 1);
    const x = (xv[e] as number) - (bv[e] as number);
    const h = (t[e] as number) % HOURS;
    levelW[h] = (levelW[h] as number) + w;
    levelB[h] = (levelB[h] as number) + w * x;
    for (let r = 0; r < n; r++) {
      const i = at[r] as number;
      const fi = f[r] as number;
      const wf = w * fi;
      seen[i] = 0;
      b[i] = (b[i] as number) + wf * x;
      cross[i * HOURS + h] = (cross[i * HOURS + h] as number) + wf;
      factorSum[i] = (factorSum[i] as number) + fi;
      const row = i * cap;
      for (let c = 0; c < n; c++) {
        const j = row + (at[c] as number);
        gram[j] = (gram[j] as number) + wf * (f[c] as number);
      }
    }
  }
  const k = list.length;
  for (let i = 0; i < k; i++) localOf[list[i] as number] = -1;
  // G as k × k rows (the sweep's layout) instead of rows of the capacity.
  const square = cap === k ? gram : new Float64Array(k * k);
  if (cap !== k) for (let i = 0; i < k; i++) square.set(gram.subarray(i * cap, i * cap + k), i * k);
  return {
    units: Int32Array.from(list),
    gram: square,
    cross: cross.subarray(0, k * HOURS),
    b: b.subarray(0, k),
    levelW,
    levelB,
    alpha: new Float64Array(HOURS),
    market: mi,
    factorSum: factorSum.subarray(0, k),
  };
}

/** A block's sums while it is built, for up to `cap` stations (see {@link marketBlock}). */
interface StationSums {
  cap: number;
  /** G, rows of `cap`. */
  gram: Float64Array;
  cross: Float64Array;
  b: Float64Array;
  factorSum: Float64Array;
  /** The current bucket's stations, their summed factors, and each station's position + 1. */
  at: Int32Array;
  f: Float64Array;
  seen: Int32Array;
}

/**
 * Zeroed {@link StationSums} for `cap` stations, holding a copy of `from` (a smaller one, whose
 * current bucket has `n` stations so far) when given.
 */
function stationSums(cap: number, from: StationSums | null, n: number): StationSums {
  const s: StationSums = {
    cap,
    gram: new Float64Array(cap * cap),
    cross: new Float64Array(cap * HOURS),
    b: new Float64Array(cap),
    factorSum: new Float64Array(cap),
    at: new Int32Array(cap),
    f: new Float64Array(cap),
    seen: new Int32Array(cap),
  };
  if (from !== null) {
    const c = from.cap;
    for (let i = 0; i < c; i++) s.gram.set(from.gram.subarray(i * c, (i + 1) * c), i * cap);
    s.cross.set(from.cross);
    s.b.set(from.b);
    s.factorSum.set(from.factorSum);
    s.at.set(from.at.subarray(0, n));
    s.f.set(from.f.subarray(0, n));
    s.seen.set(from.seen);
  }
  return s;
}

/** Per station, the blocks it is in and its local index there (CSR by station). */
interface Memberships {
  start: Int32Array;
  block: Int32Array;
  index: Int32Array;
}

/** Indexes every station's places in `blocks`, blocks in order. */
function memberships(stations: number, blocks: MarketBlock[]): Memberships {
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
 * largest move of a station's β and the largest station β. A function of its own so V8
 * optimises it after the first sweeps instead of replacing a long-running loop on the stack.
 */
function sweep(
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

/**
 * 1 for every unit (station) that has a slot in the national market's shared buckets: a national
 * network. A network with no such slot is never split (every DMA bucket it shares is also logged
 * in the national market), so its β is never read.
 */
function nationalUnits(p: HourlyRegressionInput): Uint8Array {
  const out = new Uint8Array(p.units);
  for (const m of p.markets) {
    if (!m.national) continue;
    const { airings } = m.log;
    for (let q = 0; q < m.log.used; q++) {
      out[p.cellUnit[p.cellOf[airings[q] as number] as number] as number] = 1;
    }
  }
  return out;
}

/** Median of the positive values among the first n of `v` (0 when none). */
function medianPositive(v: Float64Array, n: number): number {
  const pos: number[] = [];
  for (let i = 0; i < n; i++) if ((v[i] as number) > 0) pos.push(v[i] as number);
  if (pos.length === 0) return 0;
  pos.sort((a, b) => a - b);
  return pos[pos.length >> 1] as number;
}
