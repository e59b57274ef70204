// The sums the hourly regression (hourly-response.ts, docs/attribution-method.md §8) sweeps
// instead of its buckets (hourly-sweep.ts): one MarketBlock per DMA, built in one walk of the
// DMA's logged shared buckets, and weighed by the daypart multipliers.
import { HOURS } from './hourly-dayparts';
import type { HourlyRegressionInput } from './hourly-response';
import type { SharedMarket } from './response-split';

export { HOURS };

/**
 * One DMA's part of the regression as sums of products over its logged buckets t (weight w_t,
 * excess e_t, local hour of the day h_t), for its k stations (each station's factors in a bucket
 * summed: f_{t,i}) and its {@link HOURS} free levels α_h. With them a station's step needs no
 * pass over the buckets: Σ_t w·f_i·(e − α − Σ_j f_j·β_j) = b_i − Σ_j G_ij·β_j − Σ_h C_ih·α_h.
 * The raw sums are kept per hour class (the hours that share one daypart of each set), so the
 * daypart multipliers d (hourly-dayparts.ts) weigh them without another walk: with
 * m_ic = d of station i's set in class c, G_ij = Σ_c m_ic·m_jc·G^c_ij, b_i = Σ_c m_ic·b^c_i,
 * C_ih = m_{i,c(h)}·C^raw_ih ({@link weighBlock}).
 */
export interface MarketBlock {
  /** The block's stations (regression units), local index i → unit. */
  units: Int32Array;
  /** Per station: its daypart set, 0 = TV, 1 = radio. */
  sets: Uint8Array;
  /** G_ij = Σ_t w·f_{t,i}·f_{t,j} at the current multipliers, k × k row-major. */
  gram: Float64Array;
  /** C_ih = Σ_{t: h_t = h} w·f_{t,i} at the current multipliers, k × HOURS row-major. */
  cross: Float64Array;
  /** b_i = Σ_t w·f_{t,i}·e_t at the current multipliers. */
  b: Float64Array;
  /** Per hour of the day: Σ w and Σ w·e of its buckets, and its level α_h. */
  levelW: Float64Array;
  levelB: Float64Array;
  alpha: Float64Array;
  /** The block's market (its index in HourlyRegressionInput.markets). */
  market: number;
  /** Per station: Σ of its slots' factors over the market's buckets at the current multipliers. */
  factorSum: Float64Array;
  /** Per local hour: its class; per class: the TV and the radio daypart group. */
  hourClass: Uint8Array;
  classGroup: Int8Array;
  classes: number;
  /**
   * Per slot of the market's log: its station's local index i; per log entry: its hour class
   * (what the split reads to weigh a slot: regressResponse's SlotRates).
   */
  slotLocal: Int32Array;
  entryClass: Uint8Array;
  /** With flat factors: per station, its factor in the market (1, or the DMA's scale for a network). */
  flat: Float64Array;
  /** Per station: 1 = a national network (its slots' weights go to the national market). */
  national: Uint8Array;
  /** The raw sums by class: G^c (classes × k × k), b^c and F^c (classes × k); C^raw (k × HOURS). */
  gramC: Float64Array;
  bC: Float64Array;
  factorC: Float64Array;
  crossRaw: Float64Array;
}

/** Hour classes of a market from its set × hour → daypart table (hourly-dayparts.ts hourGroups). */
export interface HourClasses {
  hourClass: Uint8Array;
  /** Per class: [TV group, radio group]. */
  classGroup: Int8Array;
  classes: number;
}

/**
 * Groups the hours of `groups` (48 entries, set·24 + hour) by their pair of daypart groups, or by
 * their TV group alone when no station is radio (`radio` false: the radio groups are never read).
 */
export function hourClasses(groups: Int8Array | null, radio = true): HourClasses {
  const hourClass = new Uint8Array(HOURS);
  if (groups === null) return { hourClass, classGroup: Int8Array.of(-1, -1), classes: 1 };
  const pairs: number[] = [];
  for (let h = 0; h < HOURS; h++) {
    const key = (groups[h] as number) * 64 + (radio ? (groups[HOURS + h] as number) : 0);
    let c = pairs.indexOf(key);
    if (c === -1) {
      c = pairs.length;
      pairs.push(key);
    }
    hourClass[h] = c;
  }
  const classGroup = new Int8Array(2 * pairs.length);
  pairs.forEach((key, c) => {
    classGroup[2 * c] = Math.floor(key / 64);
    classGroup[2 * c + 1] = key % 64;
  });
  return { hourClass, classGroup, classes: pairs.length };
}

/**
 * The {@link MarketBlock} of market `mi` (a DMA): its observations are its logged shared buckets
 * from bucket `from` on (regressResponse: earlier baselines lack the history), each weighted by
 * 1/max(b, 1), with the slots of one station in a bucket summed into one factor; an earlier
 * bucket adds only to `factorSum`. `localOf` is −1 for every unit on entry and on return (scratch
 * of the station → local index map). `unitOf` is every airing's unit; `slotLocal` (one entry per
 * slot of the market's log) receives each slot's local index and becomes the block's.
 */
export function marketBlock(
  p: HourlyRegressionInput,
  unitOf: Int32Array,
  slotLocal: Int32Array,
  mi: number,
  localOf: Int32Array,
  from: number,
  hours: Uint8Array | null,
  classes: HourClasses,
): MarketBlock {
  const m = p.markets[mi] as SharedMarket;
  const { log } = m;
  const { hourClass } = classes;
  const C = classes.classes;
  const factor = p.slotFactor === null ? null : (p.slotFactor[mi] as Float64Array);
  const { t, xv, bv, start, airings } = log;
  // The market's stations in order of first slot and, with flat factors, each one's factor here
  // (a station's airings are all national or all local); every slot's local index first, in a
  // walk of its own: the buckets' walk then reads it in order instead of through two lookups
  // on the path its sums wait on, and the sums are sized once for the stations found.
  const list: number[] = [];
  const flat: number[] = [];
  const national: number[] = [];
  const slotsFrom = log.length > 0 ? (start[0] as number) : 0;
  const slotsTo = start[log.length] as number;
  for (let q = slotsFrom; q < slotsTo; q++) {
    const a = airings[q] as number;
    const u = unitOf[a] as number;
    let i = localOf[u] as number;
    if (i === -1) {
      i = list.length;
      localOf[u] = i;
      list.push(u);
      flat.push(p.isNational[a] === 1 ? m.scale : 1);
      national.push(p.isNational[a] as number);
    }
    slotLocal[q] = i;
  }
  const s = takeSums(Math.max(1, list.length), C);
  const { cap, gram, cross, b, factorSum, at, f, fa, seen } = s;
  const flatFactor = Float64Array.from(flat);
  const levelW = new Float64Array(HOURS);
  const levelB = new Float64Array(HOURS);
  const entryClass = new Uint8Array(log.length);
  for (let e = 0; e < log.length; e++) {
    // The bucket's stations (local indexes, in order of first slot) and, per station, its
    // summed factor (f by local index); seen = 1 once the station is in the bucket.
    let n = 0;
    const end = start[e + 1] as number;
    for (let q = start[e] as number; q < end; q++) {
      const i = slotLocal[q] as number;
      f[i] =
        (f[i] as number) + (factor === null ? (flatFactor[i] as number) : (factor[q] as number));
      // Without a branch (whether a slot's station is already in the bucket is a coin toss): a
      // new one is written at n, which only then moves on.
      at[n] = i;
      n += 1 - (seen[i] as number);
      seen[i] = 1;
    }
    const h = hours === null ? (t[e] as number) % HOURS : (hours[e] as number);
    const cls = hourClass[h] as number;
    entryClass[e] = cls;
    if ((t[e] as number) < from) {
      // Not an observation, but its slots are split all the same: their factors still count
      // toward the floor's scale (factorSum).
      for (let r = 0; r < n; r++) {
        const i = at[r] as number;
        seen[i] = 0;
        factorSum[cls * cap + i] = (factorSum[cls * cap + i] as number) + (f[i] as number);
        f[i] = 0;
      }
      continue;
    }
    const w = 1 / Math.max(bv[e] as number, 1);
    const x = (xv[e] as number) - (bv[e] as number);
    levelW[h] = (levelW[h] as number) + w;
    levelB[h] = (levelB[h] as number) + w * x;
    const layer = cls * cap * cap;
    const row = cls * cap;
    // The bucket's factors in its stations' order, off the per-station sums (zeroed for the next).
    for (let r = 0; r < n; r++) {
      const i = at[r] as number;
      fa[r] = f[i] as number;
      f[i] = 0;
      seen[i] = 0;
    }
    for (let r = 0; r < n; r++) {
      const i = at[r] as number;
      const fi = fa[r] as number;
      const wf = w * fi;
      b[row + i] = (b[row + i] as number) + wf * x;
      cross[i * HOURS + h] = (cross[i * HOURS + h] as number) + wf;
      factorSum[row + i] = (factorSum[row + i] as number) + fi;
      // G is symmetric: each pair of the bucket's stations is summed once, at [i][j] of
      // whichever order they came in; the two triangles are added when the block is read.
      const rowI = layer + i * cap;
      gram[rowI + i] = (gram[rowI + i] as number) + wf * fi;
      for (let c = r + 1; c < n; c++) {
        const j = at[c] as number;
        gram[rowI + j] = (gram[rowI + j] as number) + wf * (fa[c] as number);
      }
    }
  }
  const k = list.length;
  for (let i = 0; i < k; i++) localOf[list[i] as number] = -1;
  // Each class's G as k × k rows (the sweep's layout) instead of rows of the capacity, out of
  // the sums kept for the next block.
  const gramC = new Float64Array(C * k * k);
  for (let c = 0; c < C; c++) {
    for (let i = 0; i < k; i++) {
      const from = c * cap * cap + i * cap;
      gramC[c * k * k + i * k + i] = gram[from + i] as number;
      for (let j = i + 1; j < k; j++) {
        const g = (gram[from + j] as number) + (gram[c * cap * cap + j * cap + i] as number);
        gramC[c * k * k + i * k + j] = g;
        gramC[c * k * k + j * k + i] = g;
      }
    }
  }
  const bC = new Float64Array(C * k);
  const factorC = new Float64Array(C * k);
  for (let c = 0; c < C; c++) {
    bC.set(b.subarray(c * cap, c * cap + k), c * k);
    factorC.set(factorSum.subarray(c * cap, c * cap + k), c * k);
  }
  const units = Int32Array.from(list);
  const sets = new Uint8Array(k);
  const unitSet = p.dayparts?.unitSet;
  if (unitSet) for (let i = 0; i < k; i++) sets[i] = unitSet[list[i] as number] as number;
  const block: MarketBlock = {
    units,
    sets,
    gram: new Float64Array(k * k),
    cross: new Float64Array(k * HOURS),
    b: new Float64Array(k),
    levelW,
    levelB,
    alpha: new Float64Array(HOURS),
    market: mi,
    factorSum: new Float64Array(k),
    slotLocal,
    entryClass,
    flat: flatFactor,
    national: Uint8Array.from(national),
    hourClass,
    classGroup: classes.classGroup,
    classes: C,
    gramC,
    bC,
    factorC,
    crossRaw: cross.slice(0, k * HOURS),
  };
  kept = s;
  weighBlock(block, null);
  return block;
}

/**
 * The sums of the last block built, reused by the next one (a DMA's sums by hour class are a
 * few hundred kilobytes; a fresh set per DMA and run kept the collector busy).
 */
let kept: BlockSums | null = null;

/** Zeroed {@link BlockSums} for `cap` stations in `classes` classes: the kept ones if they fit. */
function takeSums(cap: number, classes: number): BlockSums {
  const s = kept;
  kept = null;
  if (s === null || s.cap < cap || s.gram.length < classes * s.cap * s.cap) {
    return blockSums(cap, classes);
  }
  s.gram.fill(0, 0, classes * s.cap * s.cap);
  s.cross.fill(0);
  s.b.fill(0, 0, classes * s.cap);
  s.factorSum.fill(0, 0, classes * s.cap);
  s.seen.fill(0);
  s.f.fill(0);
  return s;
}

/**
 * Writes a block's gram, cross, b and factorSum at the daypart multipliers `d` (one per daypart
 * group; null = all 1) from its raw sums by class (see {@link MarketBlock}).
 */
export function weighBlock(blk: MarketBlock, d: Float64Array | null): void {
  const { units, sets, gramC, bC, factorC, crossRaw, hourClass, classGroup, classes: C } = blk;
  const k = units.length;
  // Per class × station ([c·k + i]): the multiplier of the station's set in the class.
  const mul = new Float64Array(C * k).fill(1);
  if (d !== null) {
    for (let c = 0; c < C; c++) {
      for (let i = 0; i < k; i++) {
        const g = classGroup[2 * c + (sets[i] as number)] as number;
        if (g >= 0) mul[c * k + i] = d[g] as number;
      }
    }
  }
  const { gram, b, factorSum, cross } = blk;
  gram.fill(0);
  b.fill(0);
  factorSum.fill(0);
  for (let c = 0; c < C; c++) {
    const layer = c * k * k;
    const mc = c * k;
    for (let i = 0; i < k; i++) {
      const mi = mul[mc + i] as number;
      b[i] = (b[i] as number) + mi * (bC[mc + i] as number);
      factorSum[i] = (factorSum[i] as number) + mi * (factorC[mc + i] as number);
      const row = layer + i * k;
      const out = i * k;
      for (let j = 0; j < k; j++) {
        gram[out + j] =
          (gram[out + j] as number) + mi * (mul[mc + j] as number) * (gramC[row + j] as number);
      }
    }
  }
  for (let i = 0; i < k; i++) {
    for (let h = 0; h < HOURS; h++) {
      cross[i * HOURS + h] =
        (mul[(hourClass[h] as number) * k + i] as number) * (crossRaw[i * HOURS + h] as number);
    }
  }
}

/** A block's sums while it is built, for up to `cap` stations (see {@link marketBlock}). */
interface BlockSums {
  cap: number;
  /** G per class, rows of `cap`; b and factorSum per class, `cap` each; cross by hour. */
  gram: Float64Array;
  cross: Float64Array;
  b: Float64Array;
  factorSum: Float64Array;
  /**
   * The current bucket: its stations in order of first slot (one entry more than stations: a
   * slot of a station already there writes at the next free place), each station's summed
   * factor by local index, those factors in the stations' order, and 1 per station in it.
   */
  at: Int32Array;
  f: Float64Array;
  fa: Float64Array;
  seen: Int32Array;
}

/** Zeroed {@link BlockSums} for `cap` stations in `classes` hour classes. */
function blockSums(cap: number, classes: number): BlockSums {
  return {
    cap,
    gram: new Float64Array(classes * cap * cap),
    cross: new Float64Array(cap * HOURS),
    b: new Float64Array(classes * cap),
    factorSum: new Float64Array(classes * cap),
    at: new Int32Array(cap + 1),
    f: new Float64Array(cap),
    fa: new Float64Array(cap),
    seen: new Int32Array(cap),
  };
}
