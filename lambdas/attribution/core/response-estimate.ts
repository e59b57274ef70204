import type { Cells } from './response-cells';
import { type ShrinkScratch, shrinkMeans, shrinkScratch } from './shrinkage';
import type { Accumulators } from './split';

/**
 * The estimation steps of the response split (docs/attribution-method.md §4.2 steps 1 and 4):
 * every cell's expected response ρ from its airings' attributed visits, shrunk toward the
 * station, the station toward its market × station type (shrinkage.ts).
 */

/** Cell and station sums: Σy, Σy², n per cell, then per station. */
interface Sums {
  cSum: Float64Array;
  cSq: Float64Array;
  cCnt: Float64Array;
  sSum: Float64Array;
  sSq: Float64Array;
  sCnt: Float64Array;
}

/** Per-cell and per-station sums of one estimation step, reused between iterations. */
export interface CellStats extends Sums {
  /** Sums over the airings whose estimate never moves (no shared bucket). */
  fixed: Sums;
  station: Float64Array;
  stationScratch: ShrinkScratch;
  cellScratch: ShrinkScratch;
}

function sums(cells: number, stations: number): Sums {
  const f = (k: number) => new Float64Array(k);
  return {
    cSum: f(cells),
    cSq: f(cells),
    cCnt: f(cells),
    sSum: f(stations),
    sSq: f(stations),
    sCnt: f(stations),
  };
}

/**
 * Zeroed statistics of the cells `g`, with the fixed sums of the airings that have a bucket in
 * the data and none shared (`moving[a]` = 0): their attributed visits y = O − E never change.
 * `moving` null = no fixed sums (for a run that never re-estimates).
 */
export function cellStats(g: Cells, acc: Accumulators, moving: Uint8Array | null): CellStats {
  const cells = g.cellStation.length;
  const st: CellStats = {
    ...sums(cells, g.stations),
    fixed: sums(cells, g.stations),
    station: new Float64Array(g.stations),
    stationScratch: shrinkScratch(g.parents),
    cellScratch: shrinkScratch(g.stations),
  };
  if (moving === null) return st;
  for (let a = 0; a < moving.length; a++) {
    if (moving[a] === 1 || (acc.buckets[a] as number) === 0) continue;
    const c = g.cellOf[a] as number;
    const y = (acc.observed[a] as number) - (acc.expected[a] as number);
    addAiring(st.fixed, c, g.cellStation[c] as number, y);
  }
  return st;
}

/**
 * Adds an airing's excess e over its n single-owner buckets to cell c and station s of `m`, as n
 * units of mean e/n: Σ += e, Σ² += n·(e/n)², count += n.
 */
function addBuckets(m: Sums, c: number, s: number, e: number, n: number): void {
  const sq = (e * e) / n;
  m.cSum[c] = (m.cSum[c] as number) + e;
  m.cSq[c] = (m.cSq[c] as number) + sq;
  m.cCnt[c] = (m.cCnt[c] as number) + n;
  m.sSum[s] = (m.sSum[s] as number) + e;
  m.sSq[s] = (m.sSq[s] as number) + sq;
  m.sCnt[s] = (m.sCnt[s] as number) + n;
}

/** Adds an airing's attributed visits y to cell c and station s of `m`. */
function addAiring(m: Sums, c: number, s: number, y: number): void {
  m.cSum[c] = (m.cSum[c] as number) + y;
  m.cSq[c] = (m.cSq[c] as number) + y * y;
  m.cCnt[c] = (m.cCnt[c] as number) + 1;
  m.sSum[s] = (m.sSum[s] as number) + y;
  m.sSq[s] = (m.sSq[s] as number) + y * y;
  m.sCnt[s] = (m.sCnt[s] as number) + 1;
}

/**
 * Step 1: ρ of every cell from the buckets its airings owned alone, which no split touches: the
 * cell's single-owner excess per single-owner bucket, Σ_a (O_a − E_a) / Σ_a n_a (n_a the
 * airing's single-owner buckets), shrunk like the later estimates with the buckets as the units:
 * an airing that owned one bucket weighs one bucket, not as much as an airing that owned eight
 * (its excess per bucket is eight times as noisy). Within-unit spread: Σ_a n_a·(ȳ_a − ȳ)².
 * Cells without such buckets get their station's or parent's value.
 */
export function initialEstimate(
  st: CellStats,
  g: Cells,
  acc: Accumulators,
  rho: Float64Array,
): void {
  for (const a of [st.cSum, st.cSq, st.cCnt, st.sSum, st.sSq, st.sCnt]) a.fill(0);
  const { cellOf, cellStation } = g;
  for (let a = 0; a < cellOf.length; a++) {
    const owned = acc.share[a] as number;
    if (!(owned > 0)) continue;
    const c = cellOf[a] as number;
    const e = (acc.observed[a] as number) - (acc.expected[a] as number);
    addBuckets(st, c, cellStation[c] as number, e, owned);
  }
  shrinkInto(st, g, rho);
}

/**
 * Step 4: ρ of every cell from its airings' attributed visits (the fixed sums plus the moving
 * airings: O − E of their single-owner buckets plus `sharedA`, their part of the shared ones at
 * the current weights), shrunk toward the station, the station toward its market × station type.
 */
export function estimate(
  st: CellStats,
  g: Cells,
  moving: Int32Array,
  acc: Accumulators,
  sharedA: Float64Array,
  rho: Float64Array,
): void {
  const f = st.fixed;
  st.cSum.set(f.cSum);
  st.cSq.set(f.cSq);
  st.cCnt.set(f.cCnt);
  st.sSum.set(f.sSum);
  st.sSq.set(f.sSq);
  st.sCnt.set(f.sCnt);
  const { cellOf, cellStation } = g;
  for (let i = 0; i < moving.length; i++) {
    const a = moving[i] as number;
    const y = (acc.observed[a] as number) - (acc.expected[a] as number) + (sharedA[a] as number);
    const c = cellOf[a] as number;
    addAiring(st, c, cellStation[c] as number, y);
  }
  shrinkInto(st, g, rho);
}

/** Shrinks the stations toward their parents, then the cells toward their stations, into rho. */
function shrinkInto(st: CellStats, g: Cells, rho: Float64Array): void {
  shrinkMeans(
    { sum: st.sSum, sumSq: st.sSq, count: st.sCnt, parent: g.stationParent, parents: g.parents },
    st.station,
    st.stationScratch,
  );
  shrinkMeans(
    {
      sum: st.cSum,
      sumSq: st.cSq,
      count: st.cCnt,
      parent: g.cellStation,
      parents: g.stations,
      target: st.station,
    },
    rho,
    st.cellScratch,
  );
}

/** Per cell: its step (starting at 1) and its last move, for {@link moveToward}. */
export interface Damping {
  step: Float64Array;
  lastMove: Float64Array;
}

/** Full steps and no move yet, for `cells` cells. */
export function damping(cells: number): Damping {
  return { step: new Float64Array(cells).fill(1), lastMove: new Float64Array(cells) };
}

/**
 * Moves every cell's ρ toward its new estimate by its own step, halved whenever its move changes
 * direction: an airing's estimate depends on its own weight times a possibly negative excess, and
 * a full step can cycle between two weight sets forever.
 */
export function moveToward(rho: Float64Array, next: Float64Array, d: Damping): void {
  const { step, lastMove } = d;
  for (let c = 0; c < rho.length; c++) {
    const diff = (next[c] as number) - (rho[c] as number);
    if (diff * (lastMove[c] as number) < 0) step[c] = (step[c] as number) * 0.5;
    const move = (step[c] as number) * diff;
    lastMove[c] = move;
    rho[c] = (rho[c] as number) + move;
  }
}
