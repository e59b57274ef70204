import { daypartSetOf } from './dayparts';
import {
  type HourlyDayparts,
  type HourlyRegressionInput,
  regressResponse,
} from './hourly-response';
import type { OverlapLog } from './overlap-log';
import { packedMap } from './packed-map';
import { type Cells, cellsOf, hasImpressions, stationCells } from './response-cells';
import { divideShared, divideState } from './response-divide';
import { cellStats, damping, estimate, initialEstimate, moveToward } from './response-estimate';
import { keepSlotBuffers, type Slots, slotsOf, slotViews, takeSlotBuffers } from './response-slots';
import type { Accumulators } from './split';
import type { Airing } from './types';
import { type AiringKeys, airingKeys } from './windows';

export { WEIGHT_FLOOR } from './response-divide';

/**
 * Splits at most on minute data (hour mode splits once). One: the split by the single-owner
 * estimates. Re-splitting by the cells' mean attributed lowers the leak into no-effect stations a
 * little, but feeds a thin station's own noise back into its weight, and on the accuracy bench it
 * ranked stations worse (0.78-0.91 after four splits, 0.82-0.93 after one) at 1.3x the time
 * (docs/attribution-method.md §4.2).
 */
export const MAX_ITERATIONS = 1;
/** Stop once no weight of any shared bucket moved by more than this between two iterations. */
export const WEIGHT_TOLERANCE = 1e-3;

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
  /** The market's IANA zone (hour mode reads its local hours: the regression's dayparts). */
  tz?: string | undefined;
}

/** Inputs of {@link splitByResponse}. */
export interface ResponseSplitInput {
  airings: Airing[];
  /** The airings' indexes by market (AiringGrid.byMarket: every airing in exactly one list). */
  byMarket: Map<string, Int32Array>;
  /** The airings' stations and start minutes (AiringGrid.keys); absent = read from `airings`. */
  keys?: AiringKeys | null;
  first: Int32Array;
  /**
   * Impressions per airing, 0 when unknown; may be empty when no airing has any (the split then
   * reads no column of zeros to find that out).
   */
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
  /** Splits at most in minute mode (hour mode splits once). @default MAX_ITERATIONS */
  rounds?: number;
  /**
   * Hour mode: the first bucket whose baseline rests on minBaselineWeeks weeks of history; the
   * regression reads no observation before it (HourlyRegressionInput.from). @default 0 (all)
   */
  seasonalFrom?: number;
  /**
   * Hour mode: the start of the hourly series (bucket 0), epoch seconds UTC. Given, the regression
   * also fits a response multiplier per daypart (the markets' `tz` place each bucket on the local
   * clock: HourlyDayparts); absent, it does not.
   */
  seriesStartUtc?: number;
  /**
   * The first bucket of any reported airing (AiringGrid.reportedFrom): the one split that credits
   * without re-splits (hour mode, or minute mode's profile without factors) skips the buckets
   * before it, whose credits go to history airings nobody reads. @default 0 (credit all)
   */
  reportedFrom?: number;
}

/** How the iteration ended (for tests and the bench). */
export interface ResponseSplitStats {
  iterations: number;
  /** The largest weight change of the last iteration. */
  change: number;
  /** The split's response profile by minute since the start (Slots.profile; empty = none). */
  profile: Float64Array;
}

/**
 * Divides the logged shared buckets in proportion to each airing's expected response
 * (docs/attribution-method.md §4.2), then credits them into `acc`:
 * 1. ρ_g of every station × daypart cell g starts from the buckets its airings owned alone
 *    (excess per owned bucket), shrunk as in step 4 (response-estimate.ts);
 * 2. each shared bucket t is split with w_a(t) ∝ max(ρ_a·p(t − first_a), ε·m), where
 *    ρ_a = ρ_g(a)·imp_a / (mean imp of g) (factor 1 without impressions), times the DMA's share
 *    of the national traffic for a national airing in a DMA bucket; p the response profile by
 *    minute since the start (minute mode); m the market's mean positive expected response per
 *    slot, ε WEIGHT_FLOOR (response-divide.ts). The weights of a bucket sum to 1;
 * 3. every airing's attributed A_a = (its single-owner part) + Σ_t w_a(t)·(x − b)(t), with the
 *    national market's x and b reduced by the DMAs' local part Σ_d (1 − s_d(t))·x_d(t) at the
 *    current weights (s_d = the national sharers' weight in DMA d);
 * 4. ρ_g = the cell's mean A, shrunk (shrinkage.ts) toward its station, the station toward its
 *    market × station type; each cell moves toward it by a step that halves whenever its
 *    direction flips;
 * 5. repeat 2–4 until no weight moves by {@link WEIGHT_TOLERANCE}, at most `p.rounds` splits
 *    ({@link MAX_ITERATIONS}, 1: steps 4–5 do not run); the last split credits O, E and the
 *    share of every airing. Everything stays signed
 *    (only the weights are floored).
 * Hour mode (no profile): ρ comes from a regression of the buckets' excess on their stations
 * (hourly-response.ts) instead of step 1, and the buckets are split once.
 * Deterministic: the markets are walked in the given order, so the bits do not depend on which
 * thread produced each log.
 */
export function splitByResponse(p: ResponseSplitInput): ResponseSplitStats {
  const { acc, markets } = p;
  const n = p.airings.length;
  const keys = p.keys ?? airingKeys(p.airings);
  // Hour mode reads a cell only for its station, unless impressions are averaged by cell.
  const groups =
    p.profile || hasImpressions(p.imp) ? cellsOf(p.airings, keys) : stationCells(p.airings, keys);
  const cells = groups.cellStation.length;
  const buffers = takeSlotBuffers(markets);
  const rounds = p.profile ? Math.max(1, p.rounds ?? MAX_ITERATIONS) : 1;
  const slots = slotsOf(p, groups, buffers, rounds > 1);
  // The fixed sums and the shared parts feed the re-estimates only.
  const stats = cellStats(groups, acc, rounds > 1 ? slots.movingFlag : null);
  const rho = new Float64Array(cells).fill(1);
  const next = new Float64Array(cells);
  const steps = damping(cells);
  // Hour mode: re-splits by mean attributed barely separate stations there; the regression
  // writes every cell's ρ, so the single-owner estimate is not made.
  if (p.profile) initialEstimate(stats, groups, acc, rho);
  else {
    const input = hourlyInput(p, slots, groups, keys);
    slots.rates = regressResponse(input, rho);
    // The national market's slots: each factor times its bucket's daypart multiplier.
    if (input.dayparts) {
      const { unitSet, entryMul } = input.dayparts;
      slots.entryMul = entryMul;
      slots.cellSet = new Uint8Array(groups.cellStation.length);
      for (let c = 0; c < slots.cellSet.length; c++) {
        slots.cellSet[c] = unitSet[groups.cellStation[c] as number] as number;
      }
    }
  }
  // Every weight is written by the first split before it is read.
  const state = divideState(markets, slots, slotViews(markets, buffers.weight), rounds > 1 ? n : 0);
  let change = Number.POSITIVE_INFINITY;
  let iterations = 0;
  let credited = false;
  for (;;) {
    // The last allowed split credits its weights as it goes (the same sums, one walk less).
    const last = iterations === rounds - 1;
    const first = iterations === 0;
    const moved = divideShared(p, state, rho, last ? 'split-and-credit' : 'split', !first);
    change = first ? Number.POSITIVE_INFINITY : moved;
    iterations++;
    if (last) {
      credited = true;
      break;
    }
    if (change < WEIGHT_TOLERANCE) break;
    estimate(stats, groups, slots.moving, acc, state.sharedA, next);
    moveToward(rho, next, steps);
  }
  if (!credited) divideShared(p, state, rho, 'credit', false);
  keepSlotBuffers(buffers);
  return { iterations, change, profile: slots.profile };
}

/** The regression's view of the split's cells, slots and single-owner sums (hourly-response.ts). */
function hourlyInput(
  p: ResponseSplitInput,
  slots: Slots,
  g: Cells,
  keys: AiringKeys,
): HourlyRegressionInput {
  const { meanPositive, isNational } = slots;
  const { observed, expected, share } = p.acc;
  const { cellOf, cellStation: cellUnit, stations: units } = g;
  let dayparts: HourlyDayparts | undefined;
  if (p.seriesStartUtc !== undefined) {
    // A station keeps the set of its first airing, as its cells keep its zone and type.
    const unitSet = new Uint8Array(units);
    const unitTz: (string | undefined)[] = [];
    for (let u = 0; u < units; u++) {
      const a = p.airings[keys.stationFirst[u] as number] as Airing;
      unitSet[u] = daypartSetOf(a.stationType) === 'radio' ? 1 : 0;
      unitTz.push(a.tz || undefined);
    }
    dayparts = {
      startUtc: p.seriesStartUtc,
      length: p.dx.length,
      tz: packedMap(p.markets, (m) => m.tz),
      unitTz,
      unitSet,
      entryMul: [],
    };
  }
  return {
    ...(dayparts ? { dayparts } : {}),
    markets: p.markets,
    slotFactor: slots.flat ? null : slots.factor,
    isNational,
    cellOf,
    cellUnit,
    units,
    observed,
    expected,
    share,
    meanPositive,
    first: p.first,
    from: p.seasonalFrom ?? 0,
  };
}
