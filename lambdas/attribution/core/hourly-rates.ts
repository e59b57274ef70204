// What the hourly regression hands the split (hourly-response.ts, response-divide.ts): each DMA
// slot's rate table, the national market's multipliers per entry, and the per-slot and
// per-airing columns the blocks are built from.
import type { HourClasses, MarketBlock } from './hourly-blocks';
import type { HourlyRegressionInput } from './hourly-response';
import { packedMap } from './packed-map';
import type { SharedMarket } from './response-split';

/**
 * What the split reads of the regression to weigh one DMA's slots (response-divide.ts) without
 * looking up each slot's airing, cell and multiplier: slot q of entry e expects
 * `base[i]·(factor_q)·mul[c·k + i]`, i = `local[q]` its station in the market's block, c =
 * `entryClass[e]` its bucket's hour class, the factor only when `perSlot` (impressions; with flat
 * factors `base` holds it).
 */
export interface SlotRates {
  local: Int32Array;
  entryClass: Uint8Array;
  /** Per station of the block: β_i, times its flat factor in the market unless `perSlot`. */
  base: Float64Array;
  /** Per hour class × station (classes × k): the daypart multiplier d of its set there (1 without). */
  mul: Float64Array;
  k: number;
  perSlot: boolean;
  /** Per station of the block: 1 = a national network (MarketBlock.national). */
  national: Uint8Array;
}

/** The {@link SlotRates} of a block at the final β and multipliers. */
export function slotRates(
  blk: MarketBlock,
  beta: Float64Array,
  d: Float64Array,
  perSlot: boolean,
): SlotRates {
  const { units, sets, classGroup, classes: C, flat } = blk;
  const k = units.length;
  const base = new Float64Array(k);
  const mul = new Float64Array(C * k);
  for (let i = 0; i < k; i++) {
    const b = beta[units[i] as number] as number;
    base[i] = perSlot ? b : b * (flat[i] as number);
    for (let c = 0; c < C; c++) {
      const g = classGroup[2 * c + (sets[i] as number)] as number;
      mul[c * k + i] = g < 0 ? 1 : (d[g] as number);
    }
  }
  return {
    local: blk.slotLocal,
    entryClass: blk.entryClass,
    base,
    mul,
    k,
    perSlot,
    national: blk.national,
  };
}

/**
 * Per market without a block (`blockOf` −1; the others get none), per log entry: the multipliers
 * of a TV and of a radio station in the entry's bucket (its local hour's class in the market),
 * [2e] and [2e + 1].
 */
export function entryMultipliers(
  p: HourlyRegressionInput,
  hours: (Uint8Array | null)[],
  classes: HourClasses[],
  d: Float64Array,
  blockOf: Int32Array,
): Float64Array[] {
  return packedMap(p.markets, (m, mi) => {
    if ((blockOf[mi] as number) >= 0) return NO_MULTIPLIERS;
    const out = new Float64Array(2 * m.log.length);
    const hr = hours[mi] as Uint8Array;
    const { hourClass, classGroup } = classes[mi] as HourClasses;
    for (let e = 0; e < m.log.length; e++) {
      const c = hourClass[hr[e] as number] as number;
      for (let set = 0; set < 2; set++) {
        const g = classGroup[2 * c + set] as number;
        out[2 * e + set] = g < 0 ? 1 : (d[g] as number);
      }
    }
    return out;
  });
}

const NO_MULTIPLIERS = new Float64Array(0);

/** Scratch of {@link slotLocals}, kept for the next run (a few hundred kilobytes). */
let keptLocals = new Int32Array(0);

/**
 * Room for the local index of every slot of the DMAs' logs, in market order (a buffer reused by
 * the next call: the split reads it before then).
 */
export function slotLocals(markets: SharedMarket[]): Int32Array {
  let n = 0;
  for (const m of markets) if (!m.national) n += m.log.used;
  if (keptLocals.length < n) keptLocals = new Int32Array(n);
  return keptLocals;
}

/** Scratch of {@link unitsOf}, kept for the next run (a few hundred kilobytes). */
let keptUnits = new Int32Array(0);

/**
 * Per airing: the unit (station) of its cell: `p.cellOf` itself when every cell is a station,
 * else a view of a buffer reused by the next call.
 */
export function unitsOf(p: HourlyRegressionInput): Int32Array {
  // Cells of one per station (hour mode without impressions): a cell is its unit.
  let identity = p.cellUnit.length === p.units;
  for (let c = 0; identity && c < p.cellUnit.length; c++) identity = p.cellUnit[c] === c;
  if (identity) return p.cellOf;
  const n = p.cellOf.length;
  if (keptUnits.length < n) keptUnits = new Int32Array(n);
  const out = keptUnits.subarray(0, n);
  const { cellOf, cellUnit } = p;
  for (let a = 0; a < n; a++) out[a] = cellUnit[cellOf[a] as number] as number;
  return out;
}
