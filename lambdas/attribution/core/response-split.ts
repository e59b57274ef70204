import { DAYPARTS, daypartAt, daypartSetOf } from './dayparts';
import { type HourlyRegressionInput, regressResponse } from './hourly-response';
import { tzOffsetSeconds } from './local-time';
import type { OverlapLog } from './overlap-log';
import { type ShrinkScratch, shrinkMeans, shrinkScratch } from './shrinkage';
import type { Accumulators } from './split';
import type { Airing } from './types';

/**
 * Re-splits at most (each walks only the logged shared buckets, about half the cost of the whole
 * split pass). Starting from the single-owner estimates, the figures of the accuracy bench are
 * settled after about four: later iterations move weights of a few thin cells, not the ranks.
 */
export const MAX_ITERATIONS = 4;
/** Stop once no weight of any shared bucket moved by more than this between two iterations. */
export const WEIGHT_TOLERANCE = 1e-3;
/**
 * Least expected response of a sharer, relative to the mean positive expected response of the
 * market's shared slots: a multiplicative re-split can never raise a weight from 0, so no station
 * may be locked out by an early estimate; relative to the market (not the bucket) so two sharers
 * both near 0 split about equally instead of flipping between extremes.
 */
export const WEIGHT_FLOOR = 0.02;
/** Single-owner buckets needed (summed over offsets) before the profile by minute is used. */
const MIN_PROFILE_BUCKETS = 200;

/** One market's shared buckets, in the order they are divided (DMAs in market order, then national). */
export interface SharedMarket {
  log: OverlapLog;
  /** true = the national market (credits every sharer; its visits lose the DMAs' local part). */
  national: boolean;
  /**
   * A national airing's expected response in this market relative to its national response: the
   * DMA's part of all visits (Σ x_d / Σ national); 1 for the national market.
   */
  scale: number;
}

/** Inputs of {@link splitByResponse}. */
export interface ResponseSplitInput {
  airings: Airing[];
  /** The airings' indexes by market (AiringGrid.byMarket: every airing in exactly one list). */
  byMarket: Map<string, Int32Array>;
  first: Int32Array;
  /** Impressions per airing, 0 when unknown. */
  imp: Float64Array;
  isNational: Uint8Array;
  /** Accumulators holding every single-owner bucket already; the shared ones are added here. */
  acc: Accumulators;
  markets: SharedMarket[];
  /** Zeroed buffers of the series length: the DMAs' local part of shared national buckets. */
  dx: Float64Array;
  db: Float64Array;
  /** Use the response profile by minute since the airing's start (minute mode). */
  profile: boolean;
}

/** How the iteration ended (for tests and the bench). */
export interface ResponseSplitStats {
  iterations: number;
  /** The largest weight change of the last iteration. */
  change: number;
}

/**
 * Divides the logged shared buckets in proportion to each airing's expected response
 * (docs/attribution-method.md §4.2), then credits them into `acc`:
 * 1. ρ_g of every station × daypart cell g starts from the buckets its airings owned alone
 *    (excess per owned bucket), shrunk as in step 4;
 * 2. each shared bucket t is split with w_a(t) ∝ max(ρ_a·p(t − first_a), ε·m), where
 *    ρ_a = ρ_g(a)·imp_a / (mean imp of g) (factor 1 without impressions), times the DMA's share
 *    of the national traffic for a national airing in a DMA bucket; p the response profile by
 *    minute since the start (minute mode); m the market's mean positive expected response per
 *    slot, ε {@link WEIGHT_FLOOR}. The weights of a bucket sum to 1;
 * 3. every airing's attributed A_a = (its single-owner part) + Σ_t w_a(t)·(x − b)(t), with the
 *    national market's x and b reduced by the DMAs' local part Σ_d (1 − s_d(t))·x_d(t) at the
 *    current weights (s_d = the national sharers' weight in DMA d);
 * 4. ρ_g = the cell's mean A, shrunk (shrinkage.ts) toward its station, the station toward its
 *    market × station type; each cell moves toward it by a step that halves whenever its
 *    direction flips;
 * 5. repeat 2–4 until no weight moves by {@link WEIGHT_TOLERANCE}, at most {@link MAX_ITERATIONS}
 *    splits. Everything stays signed (only the weights are floored).
 * Deterministic: the markets are walked in the given order, so the bits do not depend on which
 * thread produced each log.
 */
export function splitByResponse(p: ResponseSplitInput): ResponseSplitStats {
  const { acc, markets } = p;
  const n = p.airings.length;
  const groups = cellsOf(p.airings, p.byMarket);
  const cells = groups.cellStation.length;
  // Per-slot buffers of the largest run so far (fresh ones every run cost page faults and
  // garbage collections, as attribute.ts's work buffers did); handed back at the end.
  const buffers = slotBuffers(markets);
  lastSlots = undefined;
  const slots = slotsOf(p, groups, buffers);
  // Airings credited in some shared bucket: only their estimates move between iterations.
  const moving = movingAirings(markets, p.isNational, n);
  const stats = cellStats(groups);
  fixedSums(stats, groups, acc, moving.flag);
  const sharedA = new Float64Array(n);
  const rho = new Float64Array(cells).fill(1);
  const next = new Float64Array(cells);
  const step = new Float64Array(cells).fill(1);
  const lastMove = new Float64Array(cells);
  initialEstimate(stats, groups, acc, rho);
  // Hour mode (no profile): ρ from a regression of the buckets' excess on their stations
  // (hourly-response.ts), split once; re-splits by mean attributed barely separate stations there.
  if (!p.profile) regressResponse(hourlyInput(markets, slots, groups, acc), rho);
  const rounds = p.profile ? MAX_ITERATIONS : 1;
  // Every weight is written by the first split before it is read (its change is not used).
  const weights = slotViews(markets, buffers.weight);
  let widest = 1;
  for (const m of markets) {
    const { start } = m.log;
    for (let k = 0; k < m.log.length; k++) {
      const w = (start[k + 1] as number) - (start[k] as number);
      if (w > widest) widest = w;
    }
  }
  const raw = new Float64Array(widest);
  let change = Number.POSITIVE_INFINITY;
  let iterations = 0;
  let credited = false;
  while (iterations < rounds) {
    // The last allowed split credits its weights as it goes (the same sums, one pass less).
    credited = iterations === rounds - 1;
    change = resplit(p, slots, rho, weights, sharedA, raw, iterations === 0, credited);
    iterations++;
    if (change < WEIGHT_TOLERANCE) break;
    estimate(stats, groups, moving.list, acc, sharedA, next);
    // Each cell moves toward its new estimate by its own step, halved whenever its move changes
    // direction: an airing's estimate depends on its own weight times a possibly negative
    // excess, and a full step can cycle between two weight sets forever.
    for (let c = 0; c < cells; c++) {
      const d = (next[c] as number) - (rho[c] as number);
      if (d * (lastMove[c] as number) < 0) step[c] = (step[c] as number) * 0.5;
      const move = (step[c] as number) * d;
      lastMove[c] = move;
      rho[c] = (rho[c] as number) + move;
    }
  }
  if (!credited) credit(p, weights);
  lastSlots = buffers;
  return { iterations, change };
}

/**
 * Per market, per airing slot of its shared buckets: the cell whose ρ the slot reads, its fixed
 * factor (impressions, profile, the DMA's share for a national airing) and whether the market
 * credits it; and each market's floor scale (mean positive expected response of its slots).
 */
interface Slots {
  cell: Int32Array[];
  factor: Float64Array[];
  credited: Uint8Array[];
  meanPositive: Float64Array;
}

function slotsOf(p: ResponseSplitInput, g: Cells, buffers: SlotBuffers): Slots {
  const { markets, isNational, first } = p;
  const profile = p.profile ? responseProfile(markets) : null;
  const span = profile?.length ?? 0;
  const impFactor = impressionFactors(p.imp, g.cellOf, g.cellStation.length);
  const out: Slots = {
    cell: slotViews(markets, buffers.cell),
    factor: slotViews(markets, buffers.factor),
    credited: slotViews(markets, buffers.credited),
    meanPositive: new Float64Array(markets.length),
  };
  for (let mi = 0; mi < markets.length; mi++) {
    const m = markets[mi] as SharedMarket;
    const { t, start, airings, used } = m.log;
    const cell = out.cell[mi] as Int32Array;
    const factor = out.factor[mi] as Float64Array;
    const credited = out.credited[mi] as Uint8Array;
    let positive = 0;
    for (let k = 0; k < m.log.length; k++) {
      const tk = t[k] as number;
      for (let q = start[k] as number; q < (start[k + 1] as number); q++) {
        const a = airings[q] as number;
        let f = impFactor[a] as number;
        if (span > 0) {
          const off = tk - (first[a] as number);
          f *= off >= 0 && off < span ? ((profile as Float64Array)[off] as number) : 0;
        }
        const own = m.national || isNational[a] === 0;
        if (!own) f *= m.scale;
        cell[q] = g.cellOf[a] as number;
        factor[q] = f;
        credited[q] = own ? 1 : 0;
        positive += f > 0 ? f : 0;
      }
    }
    out.meanPositive[mi] = used > 0 ? positive / used : 0;
  }
  return out;
}

/** The per-slot columns of {@link Slots} and the weights, for all markets' slots end to end. */
interface SlotBuffers {
  cell: Int32Array;
  factor: Float64Array;
  credited: Uint8Array;
  weight: Float64Array;
}

/** Buffers of the previous run, taken by the next one (a run that throws keeps none). */
let lastSlots: SlotBuffers | undefined;

/** Slot buffers with room for every slot of `markets`: the previous run's when large enough. */
function slotBuffers(markets: SharedMarket[]): SlotBuffers {
  let total = 0;
  for (const m of markets) total += m.log.used;
  const kept = lastSlots;
  if (kept && kept.cell.length >= total) return kept;
  return {
    cell: new Int32Array(total),
    factor: new Float64Array(total),
    credited: new Uint8Array(total),
    weight: new Float64Array(total),
  };
}

/** One view of `all` per market, of its slot count, end to end in market order. */
function slotViews<T extends Int32Array | Float64Array | Uint8Array>(
  markets: SharedMarket[],
  all: T,
): T[] {
  const out: T[] = [];
  let at = 0;
  for (const m of markets) {
    out.push(all.subarray(at, at + m.log.used) as T);
    at += m.log.used;
  }
  return out;
}

/** The airings credited in a shared bucket (flag per airing, and their list). */
function movingAirings(
  markets: SharedMarket[],
  isNational: Uint8Array,
  n: number,
): { flag: Uint8Array; list: Int32Array } {
  const flag = new Uint8Array(n);
  let count = 0;
  for (const m of markets) {
    const { airings, used } = m.log;
    for (let q = 0; q < used; q++) {
      const a = airings[q] as number;
      if ((m.national || isNational[a] === 0) && flag[a] === 0) {
        flag[a] = 1;
        count++;
      }
    }
  }
  const list = new Int32Array(count);
  let i = 0;
  for (let a = 0; a < n; a++) if (flag[a] === 1) list[i++] = a;
  return { flag, list };
}

/** Station × daypart cells of the airings and their stations' parents (market × station type). */
interface Cells {
  cellOf: Int32Array;
  cellStation: Int32Array;
  stations: number;
  stationParent: Int32Array;
  parents: number;
}

function cellsOf(airings: Airing[], byMarket: Map<string, Int32Array>): Cells {
  const n = airings.length;
  const stationParent: number[] = [];
  const stationOf = new Int32Array(n);
  const dpOf = new Int32Array(n);
  // Each market's state, found by the airing's market index (the markets interleave in memory
  // order, and a string-keyed lookup per airing cost more than the rest of this loop).
  const marketOf = new Int32Array(n);
  const states: MarketCells[] = [];
  for (const list of byMarket.values()) {
    for (let i = 0; i < list.length; i++) marketOf[list[i] as number] = states.length;
    states.push({
      stations: new Map(),
      types: new Map(),
      tz: '',
      days: NO_DAYS,
      tv: NO_TABLE,
      radio: NO_TABLE,
    });
  }
  // Offsets per zone and UTC day of the airings' span, looked up once per zone and day.
  let day0 = Number.POSITIVE_INFINITY;
  let day1 = Number.NEGATIVE_INFINITY;
  for (let a = 0; a < n; a++) {
    const d = Math.floor((airings[a] as Airing).startUtc / 86_400);
    if (d < day0) day0 = d;
    if (d > day1) day1 = d;
  }
  const zoneDays = new Map<string, Float64Array>();
  let parents = 0;
  // In input order (the airings' memory order: about twice as fast as market by market). Each
  // market keeps its own station ids, zone, UTC day with its offset, and daypart tables: no
  // string is built or hashed per airing beyond the station.
  for (let a = 0; a < n; a++) {
    const x = airings[a] as Airing;
    const m = states[marketOf[a] as number] as MarketCells;
    let s = m.stations.get(x.station);
    if (s === undefined) {
      let P = m.types.get(x.stationType);
      if (P === undefined) {
        P = parents++;
        m.types.set(x.stationType, P);
      }
      s = stationParent.length;
      stationParent.push(P);
      m.stations.set(x.station, s);
    }
    stationOf[a] = s;
    if (x.tz !== m.tz) {
      m.tz = x.tz;
      let days = zoneDays.get(x.tz);
      if (!days) {
        days = new Float64Array(day1 - day0 + 1).fill(UNKNOWN_OFFSET);
        zoneDays.set(x.tz, days);
      }
      m.days = days;
      m.tv = NO_TABLE;
      m.radio = NO_TABLE;
    }
    const day = Math.floor(x.startUtc / 86_400);
    let offset = m.days[day - day0] as number;
    if (offset === UNKNOWN_OFFSET) {
      const early = tzOffsetSeconds(x.tz, day * 86_400);
      // A UTC day whose offset is the same at both ends has one offset throughout.
      offset = early === tzOffsetSeconds(x.tz, day * 86_400 + 86_399) ? early : Number.NaN;
      m.days[day - day0] = offset;
    }
    const local = x.startUtc + (Number.isNaN(offset) ? tzOffsetSeconds(x.tz, x.startUtc) : offset);
    const minuteOfDay = Math.floor((((local % 86_400) + 86_400) % 86_400) / 60);
    let table: Int8Array;
    if (daypartSetOf(x.stationType) === 'radio') {
      if (m.radio === NO_TABLE) m.radio = daypartTable('radio', x.tz);
      table = m.radio;
    } else {
      if (m.tv === NO_TABLE) m.tv = daypartTable('tv', x.tz);
      table = m.tv;
    }
    dpOf[a] = table[minuteOfDay] as number;
  }
  const D = DAYPARTS.length;
  const stations = stationParent.length;
  const table = new Int32Array(stations * D).fill(-1);
  const cellStation: number[] = [];
  const cellOf = new Int32Array(n);
  for (let a = 0; a < n; a++) {
    const s = stationOf[a] as number;
    const key = s * D + (dpOf[a] as number);
    let c = table[key] as number;
    if (c < 0) {
      c = cellStation.length;
      cellStation.push(s);
      table[key] = c;
    }
    cellOf[a] = c;
  }
  return {
    cellOf,
    cellStation: Int32Array.from(cellStation),
    stations,
    stationParent: Int32Array.from(stationParent),
    parents,
  };
}

/** One market's state while {@link cellsOf} walks the airings. */
interface MarketCells {
  stations: Map<string, number>;
  /** Parent id (market × station type) by station type. */
  types: Map<string, number>;
  /** Zone of the last airing, and its offsets by UTC day since the first airing's (seconds; NaN
   * when the offset changes within the day, UNKNOWN_OFFSET until looked up). */
  tz: string;
  days: Float64Array;
  /** Daypart tables of the zone (NO_TABLE until needed). */
  tv: Int8Array;
  radio: Int8Array;
}

const NO_TABLE = new Int8Array(0);
const NO_DAYS = new Float64Array(0);
/** Marks a day whose offset has not been looked up (no real offset is infinite). */
const UNKNOWN_OFFSET = Number.POSITIVE_INFINITY;
const dayTables = new Map<string, Int8Array>();

/**
 * Index in DAYPARTS of every minute of the local day (0..1439) for a daypart set and zone
 * (daypartAt, computed once per set and zone).
 */
function daypartTable(set: 'tv' | 'radio', tz: string): Int8Array {
  const key = `${set} ${tz}`;
  let table = dayTables.get(key);
  if (!table) {
    table = new Int8Array(1440);
    for (let m = 0; m < 1440; m++) table[m] = DAYPARTS.indexOf(daypartAt(m, set, tz));
    dayTables.set(key, table);
  }
  return table;
}

/** imp_a / mean impressions of its cell's airings that have them; 1 without impressions. */
function impressionFactors(imp: Float64Array, cellOf: Int32Array, cells: number): Float64Array {
  const sum = new Float64Array(cells);
  const cnt = new Float64Array(cells);
  for (let a = 0; a < imp.length; a++) {
    const v = imp[a] as number;
    if (v > 0) {
      const c = cellOf[a] as number;
      sum[c] = (sum[c] as number) + v;
      cnt[c] = (cnt[c] as number) + 1;
    }
  }
  const out = new Float64Array(imp.length).fill(1);
  for (let a = 0; a < imp.length; a++) {
    const v = imp[a] as number;
    const c = cellOf[a] as number;
    if (v > 0) out[a] = v / ((sum[c] as number) / (cnt[c] as number));
  }
  return out;
}

/**
 * Mean excess of single-owner buckets by offset since the airing's first bucket, scaled to mean
 * 1 and floored at 0; null when there are too few such buckets or no positive mean excess.
 */
function responseProfile(markets: SharedMarket[]): Float64Array | null {
  const span = markets[0]?.log.profileSum.length ?? 0;
  if (span === 0) return null;
  const sum = new Float64Array(span);
  const cnt = new Float64Array(span);
  for (const m of markets) {
    for (let k = 0; k < span; k++) {
      sum[k] = (sum[k] as number) + (m.log.profileSum[k] as number);
      cnt[k] = (cnt[k] as number) + (m.log.profileCount[k] as number);
    }
  }
  let total = 0;
  let buckets = 0;
  const out = new Float64Array(span);
  for (let k = 0; k < span; k++) {
    const c = cnt[k] as number;
    out[k] = c > 0 ? Math.max(0, (sum[k] as number) / c) : 0;
    total += out[k] as number;
    buckets += c;
  }
  if (buckets < MIN_PROFILE_BUCKETS || !(total > 0)) return null;
  for (let k = 0; k < span; k++) out[k] = ((out[k] as number) * span) / total;
  return out;
}

/**
 * Step 2–3 of {@link splitByResponse}: new weights of every shared bucket from the cells' ρ, the
 * shared part of every credited airing's attributed visits into `sharedA` (zeroed here), and the
 * largest weight change (∞ on the first pass). The floor of a market is ε times the mean positive
 * expected response of its slots at the previous weights (continuous in ρ: two sharers both near
 * 0 split about equally instead of flipping between extremes).
 */
function resplit(
  p: ResponseSplitInput,
  slots: Slots,
  rho: Float64Array,
  weights: Float64Array[],
  sharedA: Float64Array,
  raw: Float64Array,
  firstPass: boolean,
  creditNow: boolean,
): number {
  const { markets, dx, db, acc } = p;
  let change = 0;
  sharedA.fill(0);
  for (const m of markets) {
    if (m.national) continue;
    const { t } = m.log;
    for (let k = 0; k < m.log.length; k++) {
      dx[t[k] as number] = 0;
      db[t[k] as number] = 0;
    }
  }
  for (let mi = 0; mi < markets.length; mi++) {
    const m = markets[mi] as SharedMarket;
    const w = weights[mi] as Float64Array;
    const cell = slots.cell[mi] as Int32Array;
    const factor = slots.factor[mi] as Float64Array;
    const credited = slots.credited[mi] as Uint8Array;
    const { t, xv, bv, start, airings } = m.log;
    const national = m.national;
    const floor = WEIGHT_FLOOR * (slots.meanPositive[mi] as number);
    let positive = 0;
    for (let k = 0; k < m.log.length; k++) {
      const s0 = start[k] as number;
      const s1 = start[k + 1] as number;
      const tk = t[k] as number;
      let total = 0;
      for (let q = s0; q < s1; q++) {
        const r = (rho[cell[q] as number] as number) * (factor[q] as number);
        const v = r > 0 ? r : 0;
        positive += v;
        const f = v > floor ? v : floor;
        raw[q - s0] = f;
        total += f;
      }
      const xk = national ? (xv[k] as number) - (dx[tk] as number) : (xv[k] as number);
      const bk = national ? (bv[k] as number) - (db[tk] as number) : (bv[k] as number);
      const e = xk - bk;
      let sharers = 0;
      const equal = 1 / (s1 - s0);
      for (let q = s0; q < s1; q++) {
        const wq = total > 0 ? (raw[q - s0] as number) / total : equal;
        const d = wq - (w[q] as number);
        if (d > change) change = d;
        else if (-d > change) change = -d;
        w[q] = wq;
        if (credited[q] === 1) {
          const a = airings[q] as number;
          sharedA[a] = (sharedA[a] as number) + wq * e;
          if (creditNow) {
            // What credit() adds, in its order: the same bits, one pass less.
            acc.observed[a] = (acc.observed[a] as number) + wq * xk;
            acc.expected[a] = (acc.expected[a] as number) + wq * bk;
            acc.share[a] = (acc.share[a] as number) + wq;
          }
        } else sharers += wq;
      }
      if (!national && sharers > 0) {
        dx[tk] = (dx[tk] as number) + (1 - sharers) * (xv[k] as number);
        db[tk] = (db[tk] as number) + (1 - sharers) * (bv[k] as number);
      }
    }
    slots.meanPositive[mi] = m.log.used > 0 ? positive / m.log.used : 0;
  }
  return firstPass ? Number.POSITIVE_INFINITY : change;
}

/** Per-cell and per-station sums of one estimation step, reused between iterations. */
interface CellStats extends Sums {
  /** Sums over the airings whose estimate never moves (no shared bucket). */
  fixed: Sums;
  station: Float64Array;
  stationScratch: ShrinkScratch;
  cellScratch: ShrinkScratch;
}

function cellStats(g: Cells): CellStats {
  const cells = g.cellStation.length;
  const f = (k: number) => new Float64Array(k);
  return {
    fixed: {
      cSum: f(cells),
      cSq: f(cells),
      cCnt: f(cells),
      sSum: f(g.stations),
      sSq: f(g.stations),
      sCnt: f(g.stations),
    },
    cSum: f(cells),
    cSq: f(cells),
    cCnt: f(cells),
    sSum: f(g.stations),
    sSq: f(g.stations),
    sCnt: f(g.stations),
    station: f(g.stations),
    stationScratch: shrinkScratch(g.parents),
    cellScratch: shrinkScratch(g.stations),
  };
}

/** Cell and station sums: Σy, Σy², n per cell, then per station. */
interface Sums {
  cSum: Float64Array;
  cSq: Float64Array;
  cCnt: Float64Array;
  sSum: Float64Array;
  sSq: Float64Array;
  sCnt: Float64Array;
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

/** The sums of the airings with a bucket in the data and no shared bucket (computed once). */
function fixedSums(st: CellStats, g: Cells, acc: Accumulators, moving: Uint8Array): void {
  for (let a = 0; a < moving.length; a++) {
    if (moving[a] === 1 || (acc.buckets[a] as number) === 0) continue;
    const c = g.cellOf[a] as number;
    const y = (acc.observed[a] as number) - (acc.expected[a] as number);
    addAiring(st.fixed, c, g.cellStation[c] as number, y);
  }
}

/**
 * Step 1 of {@link splitByResponse}: ρ of every cell from the buckets its airings owned alone,
 * which no split touches: y_a = (single-owner excess of a) / (its single-owner buckets), shrunk
 * like the later estimates; cells without such buckets get their station's or parent's value.
 */
function initialEstimate(st: CellStats, g: Cells, acc: Accumulators, rho: Float64Array): void {
  for (const a of [st.cSum, st.cSq, st.cCnt, st.sSum, st.sSq, st.sCnt]) a.fill(0);
  const { cellOf, cellStation } = g;
  for (let a = 0; a < cellOf.length; a++) {
    const owned = acc.share[a] as number;
    if (!(owned > 0)) continue;
    const y = ((acc.observed[a] as number) - (acc.expected[a] as number)) / owned;
    const c = cellOf[a] as number;
    addAiring(st, c, cellStation[c] as number, y);
  }
  shrinkInto(st, g, rho);
}

/**
 * Step 4 of {@link splitByResponse}: ρ of every cell from its airings' attributed visits (the
 * fixed sums plus the moving airings at the current weights), shrunk toward the station, the
 * station toward its market × station type.
 */
function estimate(
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

/**
 * Credits the shared buckets at the final weights: O_a += w·x, E_a += w·b and the share, with the
 * national market's x and b reduced by the DMAs' local part at those weights.
 */
function credit(p: ResponseSplitInput, weights: Float64Array[]): void {
  const { markets, isNational, acc, dx, db } = p;
  for (const m of markets) {
    if (m.national) continue;
    const { t } = m.log;
    for (let k = 0; k < m.log.length; k++) {
      dx[t[k] as number] = 0;
      db[t[k] as number] = 0;
    }
  }
  for (let mi = 0; mi < markets.length; mi++) {
    const m = markets[mi] as SharedMarket;
    const w = weights[mi] as Float64Array;
    const { t, xv, bv, start, airings } = m.log;
    const national = m.national;
    for (let k = 0; k < m.log.length; k++) {
      const tk = t[k] as number;
      const xk = national ? (xv[k] as number) - (dx[tk] as number) : (xv[k] as number);
      const bk = national ? (bv[k] as number) - (db[tk] as number) : (bv[k] as number);
      let sharers = 0;
      for (let q = start[k] as number; q < (start[k + 1] as number); q++) {
        const a = airings[q] as number;
        const wq = w[q] as number;
        if (national || isNational[a] === 0) {
          acc.observed[a] = (acc.observed[a] as number) + wq * xk;
          acc.expected[a] = (acc.expected[a] as number) + wq * bk;
          acc.share[a] = (acc.share[a] as number) + wq;
        } else sharers += wq;
      }
      if (!national && sharers > 0) {
        dx[tk] = (dx[tk] as number) + (1 - sharers) * (xv[k] as number);
        db[tk] = (db[tk] as number) + (1 - sharers) * (bv[k] as number);
      }
    }
  }
}

/** The regression's view of the split's cells, slots and single-owner sums (hourly-response.ts). */
function hourlyInput(
  markets: SharedMarket[],
  slots: Slots,
  g: Cells,
  acc: Accumulators,
): HourlyRegressionInput {
  const { cell: slotCell, factor: slotFactor, meanPositive } = slots;
  const { observed, expected, share } = acc;
  const { cellOf, cellStation: cellUnit, stations: units } = g;
  return {
    markets,
    slotCell,
    slotFactor,
    cellOf,
    cellUnit,
    units,
    observed,
    expected,
    share,
    meanPositive,
  };
}
