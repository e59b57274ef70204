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
  /** Per market, per airing slot of its log: the slot's cell and fixed factor (see response-split.ts). */
  slotCell: Int32Array[];
  slotFactor: Float64Array[];
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
 * Deterministic (the markets in the given order).
 */
export function regressResponse(p: HourlyRegressionInput, rho: Float64Array): void {
  const { markets } = p;
  // Columns: the stations, then α of every market and hour of the day.
  const units = p.units + HOURS * markets.length;
  const national = nationalUnits(p);
  // Observations in CSR form by observation, duplicates of one station merged; typed arrays of
  // the largest size the logs allow (one entry per slot plus the α column of every bucket).
  let maxObs = 0;
  let maxEnt = 0;
  for (const m of markets) {
    if (m.national) continue;
    maxObs += m.log.length;
    maxEnt += m.log.used + m.log.length;
  }
  // Every entry below nObs / nEnt is written before it is read, so a kept buffer's old values
  // are never seen.
  const buf = takeRegressionBuffers(maxObs, maxEnt);
  const { obsE, obsW, obsStart, entUnit, entF } = buf;
  obsStart[0] = 0;
  let nObs = 0;
  let nEnt = 0;
  const seenAt = new Int32Array(units).fill(-1);
  for (let mi = 0; mi < markets.length; mi++) {
    const m = markets[mi] as SharedMarket;
    if (m.national) continue;
    const cell = p.slotCell[mi] as Int32Array;
    const factor = p.slotFactor[mi] as Float64Array;
    const { t, xv, bv, start } = m.log;
    for (let k = 0; k < m.log.length; k++) {
      const first = nEnt;
      for (let q = start[k] as number; q < (start[k + 1] as number); q++) {
        const u = p.cellUnit[cell[q] as number] as number;
        const f = factor[q] as number;
        const at = seenAt[u] as number;
        if (at >= first) entF[at] = (entF[at] as number) + f;
        else {
          seenAt[u] = nEnt;
          entUnit[nEnt] = u;
          entF[nEnt++] = f;
        }
      }
      entUnit[nEnt] = p.units + mi * HOURS + ((t[k] as number) % HOURS);
      entF[nEnt++] = 1;
      obsE[nObs] = (xv[k] as number) - (bv[k] as number);
      obsW[nObs++] = 1 / Math.max(bv[k] as number, 1);
      obsStart[nObs] = nEnt;
    }
  }
  // Single-owner buckets: Σ_t w (e(t) − β)² = const − 2β·w·Σe + w·n·β², per airing.
  const diag = new Float64Array(units);
  const rhs = new Float64Array(units);
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
  const cols = columnsOf(units, nObs, nEnt, obsStart, obsW, entUnit, entF, buf);
  const curv = Float64Array.from(diag);
  for (let u = 0; u < units; u++) {
    for (let q = cols.start[u] as number; q < (cols.start[u + 1] as number); q++) {
      curv[u] = (curv[u] as number) + (cols.wf[q] as number) * (cols.f[q] as number);
    }
  }
  // Ridge toward 0: a station seen only beside others (or, a network, only at a DMA's share of
  // its response) is otherwise fit to whatever its partners leave over.
  const ridge = RIDGE * medianPositive(curv, p.units);
  const pen = Float64Array.from(diag);
  for (let u = 0; u < p.units; u++) {
    curv[u] = (curv[u] as number) + ridge;
    pen[u] = (pen[u] as number) + ridge;
  }
  const beta = new Float64Array(units);
  const step = new Float64Array(2);
  for (let s = 0; s < REGRESSION_SWEEPS; s++) {
    sweep(p.units, curv, pen, rhs, cols, obsE, beta, step);
    // Settled: no station's β moved by a hundredth of the largest (ranks no longer change).
    if ((step[0] as number) <= REGRESSION_TOLERANCE * (step[1] as number)) break;
  }
  for (let c = 0; c < rho.length; c++) rho[c] = beta[p.cellUnit[c] as number] as number;
  for (let mi = 0; mi < markets.length; mi++) {
    const cell = p.slotCell[mi] as Int32Array;
    const factor = p.slotFactor[mi] as Float64Array;
    const used = (markets[mi] as SharedMarket).log.used;
    let positive = 0;
    for (let q = 0; q < used; q++) {
      const v = (rho[cell[q] as number] as number) * (factor[q] as number);
      if (v > 0) positive += v;
    }
    p.meanPositive[mi] = used > 0 ? positive / used : 0;
  }
  lastRegression = buf;
}

/**
 * The regression's per-observation and per-entry columns (rows as built, then by column), sized
 * for the largest observation and entry counts the logs allow.
 */
interface RegressionBuffers {
  obsE: Float64Array;
  obsW: Float64Array;
  obsStart: Int32Array;
  entUnit: Int32Array;
  entF: Float64Array;
  colObs: Int32Array;
  colF: Float64Array;
  colWf: Float64Array;
}

/** Buffers of the previous regression, taken by the next one (a run that throws keeps none). */
let lastRegression: RegressionBuffers | undefined;

/**
 * Buffers with room for `obs` observations and `ent` entries: the previous run's when large
 * enough (fresh ones every run cost page faults and garbage collections, as the slot buffers).
 */
function takeRegressionBuffers(obs: number, ent: number): RegressionBuffers {
  const kept = lastRegression;
  lastRegression = undefined;
  if (kept && kept.obsE.length >= obs && kept.entUnit.length >= ent) return kept;
  return {
    obsE: new Float64Array(obs),
    obsW: new Float64Array(obs),
    obsStart: new Int32Array(obs + 1),
    entUnit: new Int32Array(ent),
    entF: new Float64Array(ent),
    colObs: new Int32Array(ent),
    colF: new Float64Array(ent),
    colWf: new Float64Array(ent),
  };
}

/** The observations' entries by column (unit): observation, factor and weight × factor. */
interface Columns {
  start: Int32Array;
  obs: Int32Array;
  f: Float64Array;
  /** w_i·f of the entry, so a sweep reads one value where it read two (same product). */
  wf: Float64Array;
}

/** Transposes the row-wise entries (CSR by observation) into columns by unit, into `buf`'s columns. */
function columnsOf(
  units: number,
  nObs: number,
  nEnt: number,
  obsStart: Int32Array,
  obsW: Float64Array,
  entUnit: Int32Array,
  entF: Float64Array,
  buf: RegressionBuffers,
): Columns {
  const start = new Int32Array(units + 1);
  for (let q = 0; q < nEnt; q++) {
    const u = entUnit[q] as number;
    start[u + 1] = (start[u + 1] as number) + 1;
  }
  for (let u = 0; u < units; u++) start[u + 1] = (start[u + 1] as number) + (start[u] as number);
  // Entries past nEnt (a kept buffer's) are never read: start[units] = nEnt.
  const obs = buf.colObs;
  const f = buf.colF;
  const wf = buf.colWf;
  const fill = start.slice(0, units);
  for (let i = 0; i < nObs; i++) {
    const w = obsW[i] as number;
    for (let q = obsStart[i] as number; q < (obsStart[i + 1] as number); q++) {
      const u = entUnit[q] as number;
      const at = fill[u] as number;
      fill[u] = at + 1;
      obs[at] = i;
      f[at] = entF[q] as number;
      wf[at] = w * (entF[q] as number);
    }
  }
  return { start, obs, f, wf };
}

/**
 * One coordinate-descent sweep over every column of {@link regressResponse} (stations first,
 * kept ≥ 0, then the free α levels), updating β and the residuals in place; writes into `out`
 * the largest move of a station's β and the largest station β. A function of its own so V8
 * optimises it after the first sweeps instead of replacing a long-running loop on the stack.
 */
function sweep(
  stations: number,
  curv: Float64Array,
  pen: Float64Array,
  rhs: Float64Array,
  cols: Columns,
  resid: Float64Array,
  beta: Float64Array,
  out: Float64Array,
): void {
  const { start, obs, f, wf } = cols;
  const units = beta.length;
  let moved = 0;
  let top = 0;
  for (let u = 0; u < units; u++) {
    const c = curv[u] as number;
    if (!(c > 0)) continue;
    const old = beta[u] as number;
    let g = (rhs[u] as number) - (pen[u] as number) * old;
    const q1 = start[u + 1] as number;
    for (let q = start[u] as number; q < q1; q++) {
      g += (wf[q] as number) * (resid[obs[q] as number] as number);
    }
    const next = u >= stations ? old + g / c : Math.max(0, old + g / c);
    const d = next - old;
    if (d === 0) continue;
    if (u < stations) {
      if (Math.abs(d) > moved) moved = Math.abs(d);
      if (next > top) top = next;
    }
    beta[u] = next;
    for (let q = start[u] as number; q < q1; q++) {
      const i = obs[q] as number;
      resid[i] = (resid[i] as number) - (f[q] as number) * d;
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
  p.markets.forEach((m, mi) => {
    if (!m.national) return;
    const cell = p.slotCell[mi] as Int32Array;
    for (let q = 0; q < m.log.used; q++) out[p.cellUnit[cell[q] as number] as number] = 1;
  });
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
