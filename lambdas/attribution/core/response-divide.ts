import type { SlotRates } from './hourly-rates';
import type { Slots } from './response-slots';
import type { ResponseSplitInput, SharedMarket } from './response-split';

/**
 * Least expected response of a sharer, relative to the mean positive expected response of the
 * market's shared slots: a multiplicative re-split can never raise a weight from 0, so no station
 * may be locked out by an early estimate; relative to the market (not the bucket) so two sharers
 * both near 0 split about equally instead of flipping between extremes.
 */
export const WEIGHT_FLOOR = 0.005;

/** What one walk of the shared buckets does (see {@link divideShared}). */
export type DivideMode =
  /** New weights from ρ; the shared part of every credited airing into `sharedA`. */
  | 'split'
  /** New weights from ρ, crediting the airings at them as it goes (the last split). */
  | 'split-and-credit'
  /** Credits the airings at the weights already in `weights` (ρ is not read). */
  | 'credit';

/** Work of {@link divideShared} that outlives one walk. */
export interface DivideState {
  slots: Slots;
  /** Per market, per slot: the weight. */
  weights: Float64Array[];
  /** Per airing: its part of the shared buckets' excess at the current weights (visits); empty
   * when no walk estimates. */
  sharedA: Float64Array;
  /** Scratch of the widest bucket's slot count: the floored expected responses. */
  raw: Float64Array;
  /** The same for the slots' factors where they are computed in the walk (Slots.profileOnly). */
  fac: Float64Array;
}

/**
 * The work of {@link divideShared} for the slots of `markets`, with room for their widest bucket
 * and `n` airings' shared parts (0 when no walk will be a 'split').
 */
export function divideState(
  markets: SharedMarket[],
  slots: Slots,
  weights: Float64Array[],
  n: number,
): DivideState {
  let widest = 1;
  for (const m of markets) {
    const { start } = m.log;
    for (let k = 0; k < m.log.length; k++) {
      const w = (start[k + 1] as number) - (start[k] as number);
      if (w > widest) widest = w;
    }
  }
  return {
    slots,
    weights,
    sharedA: new Float64Array(n),
    raw: new Float64Array(widest),
    fac: new Float64Array(widest),
  };
}

/**
 * Steps 2–3 of the response split (response-split.ts): one walk of every market's shared buckets
 * in market order. Unless `mode` is 'credit', each bucket's weights are set anew,
 * w_q ∝ max(max(ρ_cell(q)·factor_q, 0), ε·m) (ε {@link WEIGHT_FLOOR}, m the market's mean positive
 * expected response of its slots at the previous weights, rewritten by a walk another one
 * follows: continuous in ρ, so two sharers both near 0 split about equally instead of flipping
 * between extremes; equal when the bucket's sum is 0). In hour mode a DMA's ρ_cell(q)·factor_q (times the daypart multiplier) is
 * read from the regression's rates of its slots (Slots.rates) by the slot's station in the
 * DMA's block and the bucket's hour class: the same products, without a lookup per slot. In
 * minute mode's one split without impressions (Slots.profileOnly) factor_q, the profile at the
 * slot's minute, is computed where it is read.
 * 'split' adds w·(x − b) to `sharedA` of every credited airing (zeroed first) for the next
 * estimate; the other modes give every credited airing O += w·x, E += w·b,
 * share += w and, in minute mode, w·(x − b)·p(t − first_a) to its byProfile (p the split's
 * response profile, Slots.profile, or 1 without one) instead.
 * In the national market x and b are reduced by the DMAs' local part at these weights,
 * Σ_d (1 − national sharers' weight)·x_d (and b_d), gathered in p.dx and p.db as the DMAs are
 * walked (they come first; zeroed first at the national market's buckets, the only ones read).
 * With `compare`, returns the largest change from the weights of the previous walk (0 for
 * 'credit'); without, 0, and a 'split-and-credit' keeps no weights.
 * @throws Error when slot rates or unwritten factors meet a walk other than one 'split-and-credit'
 * without `compare` (they serve that walk only).
 */
export function divideShared(
  p: ResponseSplitInput,
  s: DivideState,
  rho: Float64Array,
  mode: DivideMode,
  compare: boolean,
): number {
  const { markets, dx, db } = p;
  if (mode === 'split') s.sharedA.fill(0);
  // The DMAs' sums are read only at the national market's buckets (an earlier walk's sums
  // elsewhere are never read).
  for (const m of markets) {
    if (!m.national) continue;
    const { t } = m.log;
    for (let k = 0; k < m.log.length; k++) {
      dx[t[k] as number] = 0;
      db[t[k] as number] = 0;
    }
  }
  let change = 0;
  for (let mi = 0; mi < markets.length; mi++) {
    const rates = s.slots.rates?.[mi] ?? null;
    if (rates !== null) {
      // Rates exist in hour mode only, whose one split credits as it goes (no profile).
      if (mode !== 'split-and-credit' || compare || p.acc.span !== 0) {
        throw new Error(`slot rates are read by one split that credits, not by '${mode}'`);
      }
      divideByRates(p, s, mi, rates);
      continue;
    }
    if (s.slots.profileOnly) {
      // Without factors (Slots.profileOnly) there is only the one split, which credits.
      if (mode !== 'split-and-credit' || compare) {
        throw new Error(`factors computed where read serve one split that credits, not '${mode}'`);
      }
      divideByProfile(p, s, rho, mi);
      continue;
    }
    const c = divideMarket(p, s, rho, mi, mode, compare);
    if (c > change) change = c;
  }
  return change;
}

/**
 * {@link divideMarket} of one market in minute mode's one split that credits, without written
 * factors (Slots.profileOnly): each slot's factor is the profile at its minute (times the
 * market's scale for a national airing in a DMA), computed here; the same weights and credits to
 * the bit, from the first bucket of a reported airing on ({@link firstReported}). A function of
 * its own so its optimised code does not carry the other walks' paths.
 */
function divideByProfile(
  p: ResponseSplitInput,
  s: DivideState,
  rho: Float64Array,
  mi: number,
): void {
  const { dx, db, first } = p;
  const { observed, expected, share, span: kept, byProfile } = p.acc;
  const { slots, raw, fac } = s;
  const { cellOf, isNational, profile } = slots;
  const span = profile.length;
  const m = p.markets[mi] as SharedMarket;
  const { t, xv, bv, start, airings } = m.log;
  const { national, scale } = m;
  const floor = WEIGHT_FLOOR * (slots.meanPositive[mi] as number);
  for (let k = firstReported(m, p.reportedFrom); k < m.log.length; k++) {
    const s0 = start[k] as number;
    const s1 = start[k + 1] as number;
    const tk = t[k] as number;
    const xk = national ? (xv[k] as number) - (dx[tk] as number) : (xv[k] as number);
    const bk = national ? (bv[k] as number) - (db[tk] as number) : (bv[k] as number);
    let total = 0;
    for (let q = s0; q < s1; q++) {
      const a = airings[q] as number;
      const off = tk - (first[a] as number);
      let fq = off >= 0 && off < span ? (profile[off] as number) : 0;
      if (!national && isNational[a] !== 0) fq *= scale;
      fac[q - s0] = fq;
      const r = (rho[cellOf[a] as number] as number) * fq;
      const v = r > 0 ? r : 0;
      const f = v > floor ? v : floor;
      raw[q - s0] = f;
      total += f;
    }
    let sharers = 0;
    const e = xk - bk;
    const even = 1 / (s1 - s0);
    for (let q = s0; q < s1; q++) {
      const wq = total > 0 ? (raw[q - s0] as number) / total : even;
      const a = airings[q] as number;
      if (national || isNational[a] === 0) {
        if (kept > 0) byProfile[a] = (byProfile[a] as number) + wq * e * (fac[q - s0] as number);
        observed[a] = (observed[a] as number) + wq * xk;
        expected[a] = (expected[a] as number) + wq * bk;
        share[a] = (share[a] as number) + wq;
      } else sharers += wq;
    }
    if (!national && sharers > 0) {
      dx[tk] = (dx[tk] as number) + (1 - sharers) * (xv[k] as number);
      db[tk] = (db[tk] as number) + (1 - sharers) * (bv[k] as number);
    }
  }
}

/**
 * {@link divideMarket} of a DMA in hour mode ('split-and-credit', no comparison, no profile):
 * each slot's expected response from the regression's rates (SlotRates), each credited airing's
 * O, E and share, and the DMA's local part of its buckets with national sharers into dx and db,
 * from the first bucket of a reported airing on ({@link firstReported}). A function of its own
 * so its optimised code does not carry the minute split's paths.
 */
function divideByRates(p: ResponseSplitInput, s: DivideState, mi: number, rates: SlotRates): void {
  const { dx, db } = p;
  const { observed, expected, share } = p.acc;
  const { slots, raw } = s;
  const m = p.markets[mi] as SharedMarket;
  const { t, xv, bv, start, airings } = m.log;
  const factor = slots.factor[mi] as Float64Array;
  const floor = WEIGHT_FLOOR * (slots.meanPositive[mi] as number);
  const { local, base, mul, perSlot, entryClass, k: stations, national } = rates;
  // With flat factors a slot's rate depends on its station and its bucket's class only: each
  // (class, station)'s clamped rate and floored weight, tabulated once instead of per slot.
  const floored = perSlot ? NO_RATES : flooredRates(rates, floor);
  for (let k = firstReported(m, p.reportedFrom); k < m.log.length; k++) {
    const s0 = start[k] as number;
    const s1 = start[k + 1] as number;
    const row = (entryClass[k] as number) * stations;
    let total = 0;
    if (perSlot) {
      for (let q = s0; q < s1; q++) {
        const i = local[q] as number;
        const r = (base[i] as number) * (factor[q] as number) * (mul[row + i] as number);
        const v = r > 0 ? r : 0;
        const f = v > floor ? v : floor;
        raw[q - s0] = f;
        total += f;
      }
    } else {
      for (let q = s0; q < s1; q++) {
        const f = floored[row + (local[q] as number)] as number;
        raw[q - s0] = f;
        total += f;
      }
    }
    const xk = xv[k] as number;
    const bk = bv[k] as number;
    const even = 1 / (s1 - s0);
    let sharers = 0;
    for (let q = s0; q < s1; q++) {
      const wq = total > 0 ? (raw[q - s0] as number) / total : even;
      const a = airings[q] as number;
      // A national slot's weight goes to the national market (its sharers' part): a weight of
      // 0 here, without a branch (national or not is a coin toss), read by the slot's station
      // in the block rather than by its airing.
      const wl = wq * (1 - (national[local[q] as number] as number));
      sharers += wq - wl;
      observed[a] = (observed[a] as number) + wl * xk;
      expected[a] = (expected[a] as number) + wl * bk;
      share[a] = (share[a] as number) + wl;
    }
    if (sharers > 0) {
      const tk = t[k] as number;
      dx[tk] = (dx[tk] as number) + (1 - sharers) * xk;
      db[tk] = (db[tk] as number) + (1 - sharers) * bk;
    }
  }
}

const NO_RATES = new Float64Array(0);

/**
 * The first entry of market `m`'s log at or after bucket `from` (its length when none is): the
 * entries before it hold history airings only, whose credits no reader takes (collectResults and
 * the station shrinkage read reported airings), and the national market reads the DMAs' local
 * part only at its own entries' buckets, which are skipped alike. The log is in bucket order.
 */
function firstReported(m: SharedMarket, from: number | undefined): number {
  const { t } = m.log;
  if (from === undefined || m.log.length === 0 || (t[0] as number) >= from) return 0;
  let lo = 0;
  let hi = m.log.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((t[mid] as number) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Per hour class × station of a block with flat factors (SlotRates, not `perSlot`): a slot's
 * weight before its bucket's total divides it, max(base_i·mul[c·k + i], 0) floored at `floor`.
 */
function flooredRates(rates: SlotRates, floor: number): Float64Array {
  const { base, mul, k } = rates;
  const out = new Float64Array(mul.length);
  for (let c = 0; c < mul.length; c++) {
    const r = (base[c % k] as number) * (mul[c] as number);
    const v = r > 0 ? r : 0;
    out[c] = v > floor ? v : floor;
  }
  return out;
}

/**
 * {@link divideShared}'s walk of market `mi`; returns its largest weight change (0 without
 * `compare`). A function of its own, called once per market: V8 optimises it from the feedback of
 * the first markets instead of compiling one long walk of all markets while it runs (on the
 * accuracy bench the split took twice its settled time for the first three runs of a process).
 */
function divideMarket(
  p: ResponseSplitInput,
  s: DivideState,
  rho: Float64Array,
  mi: number,
  mode: DivideMode,
  compare: boolean,
): number {
  const { dx, db } = p;
  const { observed, expected, share, span: kept, byProfile } = p.acc;
  const { first } = p;
  const { slots, sharedA, raw } = s;
  const { profile, factorIsProfile } = slots;
  const flat = profile.length === 0;
  const { cellOf, isNational, flat: flatFactors, cellSet } = slots;
  const reweigh = mode !== 'credit';
  const creditNow = mode !== 'split';
  const estimating = mode === 'split';
  // A first split that also credits is the only walk: its weights are never read again.
  const store = estimating || compare;
  let change = 0;
  const m = p.markets[mi] as SharedMarket;
  const w = s.weights[mi] as Float64Array;
  const { t, xv, bv, start, airings } = m.log;
  const entries = m.log.length;
  const { national, scale } = m;
  const factor = slots.factor[mi] as Float64Array;
  const floor = WEIGHT_FLOOR * (slots.meanPositive[mi] as number);
  const entryMul = slots.entryMul === null ? null : (slots.entryMul[mi] as Float64Array);
  let positive = 0;
  for (let k = 0; k < entries; k++) {
    const s0 = start[k] as number;
    const s1 = start[k + 1] as number;
    const tk = t[k] as number;
    const xk = national ? (xv[k] as number) - (dx[tk] as number) : (xv[k] as number);
    const bk = national ? (bv[k] as number) - (db[tk] as number) : (bv[k] as number);
    let total = 0;
    if (reweigh) {
      for (let q = s0; q < s1; q++) {
        const a = airings[q] as number;
        const fq = flatFactors
          ? national || isNational[a] === 0
            ? 1
            : scale
          : (factor[q] as number);
        const c = cellOf[a] as number;
        // Times the daypart multiplier of the bucket's local hour on the slot's set (none: 1).
        const r =
          (rho[c] as number) *
          fq *
          (entryMul === null ? 1 : (entryMul[2 * k + (cellSet[c] as number)] as number));
        const v = r > 0 ? r : 0;
        positive += v;
        const f = v > floor ? v : floor;
        raw[q - s0] = f;
        total += f;
      }
    }
    let sharers = 0;
    const e = xk - bk;
    const even = 1 / (s1 - s0);
    for (let q = s0; q < s1; q++) {
      let wq: number;
      if (reweigh) {
        wq = total > 0 ? (raw[q - s0] as number) / total : even;
        if (compare) {
          const d = wq - (w[q] as number);
          if (d > change) change = d;
          else if (-d > change) change = -d;
        }
        if (store) w[q] = wq;
      } else wq = w[q] as number;
      const a = airings[q] as number;
      if (national || isNational[a] === 0) {
        if (estimating) sharedA[a] = (sharedA[a] as number) + wq * e;
        if (creditNow) {
          if (kept > 0) {
            let pk = 1;
            // A credited slot's factor is the profile at its minute unless impressions scale it.
            if (factorIsProfile) pk = factor[q] as number;
            else if (!flat) {
              const off = tk - (first[a] as number);
              pk = off >= 0 && off < kept ? (profile[off] as number) : 0;
            }
            byProfile[a] = (byProfile[a] as number) + wq * e * pk;
          }
          observed[a] = (observed[a] as number) + wq * xk;
          expected[a] = (expected[a] as number) + wq * bk;
          share[a] = (share[a] as number) + wq;
        }
      } else sharers += wq;
    }
    if (!national && sharers > 0) {
      dx[tk] = (dx[tk] as number) + (1 - sharers) * (xv[k] as number);
      db[tk] = (db[tk] as number) + (1 - sharers) * (bv[k] as number);
    }
  }
  if (reweigh) slots.meanPositive[mi] = m.log.used > 0 ? positive / m.log.used : 0;
  return change;
}
