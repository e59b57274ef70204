import type { SlotRates } from './hourly-rates';
import { packedMap } from './packed-map';
import { type Cells, impressionFactors } from './response-cells';
import type { ResponseSplitInput, SharedMarket } from './response-split';

/** Single-owner buckets needed (summed over offsets) before the profile by minute is used. */
const MIN_PROFILE_BUCKETS = 200;

/**
 * Per market, per airing slot of its shared buckets (the airings of entry k of its log are slots
 * start[k] .. start[k + 1]): its fixed factor (impressions, profile, the DMA's share for a
 * national airing); and each market's floor scale (mean positive expected response of its slots).
 * A slot's cell and whether its market credits it are those of its airing a (`cellOf[a]`;
 * credited unless a is national and the market a DMA): the walk of the shared buckets
 * (response-divide.ts) reads them per airing, from columns small enough to stay in cache, instead
 * of per-slot columns written here and read back (memory traffic, not arithmetic, was most of the
 * split's time).
 */
export interface Slots {
  /** Per airing: its cell (Cells.cellOf). */
  cellOf: Int32Array;
  /** Per airing: 1 = national (ResponseSplitInput.isNational). */
  isNational: Uint8Array;
  /**
   * Per market, per slot: its factor; empty views when {@link Slots.flat} or
   * {@link Slots.profileOnly}.
   */
  factor: Float64Array[];
  /**
   * true in hour mode without impressions: every slot's factor is 1, or its market's `scale` for
   * a national airing in a DMA (the values the factor walk would write), so the factors are not
   * written and their readers take them from the airing and the market (a walk of every slot
   * less); the markets' floor scales (`meanPositive`) are then left at 0 for the hourly
   * regression, which writes them.
   */
  flat: boolean;
  meanPositive: Float64Array;
  /**
   * Per airing: 1 = credited in some shared bucket (its estimate moves between iterations);
   * empty unless {@link slotsOf} is asked for it (only re-splits read it).
   */
  movingFlag: Uint8Array;
  /** Those airings, in index order (empty with `movingFlag`). */
  moving: Int32Array;
  /**
   * The response profile by minute since an airing's start (mean 1 over the window; empty in
   * hour mode or with too few single-owner buckets): the factors' profile, which also weighs the
   * shared credits of the station shrinkage's measure (Accumulators.byProfile).
   */
  profile: Float64Array;
  /**
   * true when a credited slot's factor is exactly the profile at its minute (no impressions, a
   * profile): the divide then reads the profile weight from the factor it has just read.
   */
  factorIsProfile: boolean;
  /**
   * true when the factors are not written ({@link Slots.factor} holds empty views): every factor
   * is the profile at its slot's minute (times the market's `scale` for a national airing in a
   * DMA) and the one split computes it where it reads it (minute mode without impressions and
   * without re-splits: a walk of every slot less). The markets' floor scales are still summed.
   */
  profileOnly: boolean;
  /**
   * Hour mode with daypart multipliers (hourly-response.ts HourlyDayparts): per market without
   * `rates`, per log entry, the multiplier of a TV and of a radio station there ([2e], [2e + 1])
   * that every slot's factor is multiplied by; null = none.
   */
  entryMul: Float64Array[] | null;
  /** Per cell: its station's daypart set (0 = TV, 1 = radio); read with `entryMul`. */
  cellSet: Uint8Array;
  /**
   * Hour mode: per market, the regression's rates of its slots (hourly-rates.ts SlotRates),
   * which the split reads instead of ρ, the factors and `entryMul`; null = none (that market, or
   * every market when the array is null).
   */
  rates: (SlotRates | null)[] | null;
}

/**
 * The slots of every market: the factor of each (see {@link Slots}; none written when they are
 * flat), the mean positive factor of each market (ρ = 1; 0 when flat) and, `withMoving`, the
 * airings credited in some shared bucket (else none).
 */
export function slotsOf(
  p: ResponseSplitInput,
  g: Cells,
  buffers: SlotBuffers,
  withMoving: boolean,
): Slots {
  const { markets, isNational, first } = p;
  const profile = p.profile ? responseProfile(markets) : null;
  const impFactor = impressionFactors(p.imp, g.cellOf, g.cellStation.length);
  const flat = !p.profile && impFactor === null;
  const profileOnly = profile !== null && impFactor === null && !withMoving;
  const out: Slots = {
    cellOf: g.cellOf,
    isNational,
    factor:
      flat || profileOnly
        ? packedMap(markets, () => NO_FACTORS)
        : slotViews(markets, buffers.factor),
    flat,
    meanPositive: new Float64Array(markets.length),
    movingFlag: withMoving ? new Uint8Array(first.length) : NO_FLAGS,
    moving: NO_AIRINGS,
    profile: profile ?? NO_PROFILE,
    factorIsProfile: profile !== null && impFactor === null,
    profileOnly,
    entryMul: null,
    cellSet: NO_FLAGS,
    rates: null,
  };
  const profileOrEmpty = out.profile;
  for (let mi = 0; mi < markets.length && !flat; mi++) {
    const m = markets[mi] as SharedMarket;
    const f = out.factor[mi] as Float64Array;
    const positive = profileOnly
      ? profilePositive(m, profileOrEmpty)
      : marketFactors(p, m, f, impFactor, profileOrEmpty, withMoving ? out.movingFlag : null);
    out.meanPositive[mi] = m.log.used > 0 ? positive / m.log.used : 0;
  }
  if (withMoving) out.moving = flagged(out.movingFlag);
  return out;
}

/** The indexes whose flag is 1, in order. */
function flagged(flag: Uint8Array): Int32Array {
  let count = 0;
  for (let a = 0; a < flag.length; a++) count += flag[a] as number;
  const out = new Int32Array(count);
  let i = 0;
  for (let a = 0; a < flag.length; a++) if (flag[a] === 1) out[i++] = a;
  return out;
}

/**
 * Writes the factor of every slot of market `m` into `factor` (see {@link Slots}: impressions,
 * the profile at the slot's offset unless `profile` is empty, the DMA's share for a national
 * airing in a DMA), marks the airings it credits in `flag` (null = none) and returns the sum of
 * the positive factors. A function of its own, called once per market: V8 optimises it from the
 * feedback of the first markets instead of compiling one long walk of all markets while it runs.
 */
function marketFactors(
  p: ResponseSplitInput,
  m: SharedMarket,
  factor: Float64Array,
  impFactor: Float64Array | null,
  profile: Float64Array,
  flag: Uint8Array | null,
): number {
  const { isNational, first } = p;
  const { t, start, airings } = m.log;
  const entries = m.log.length;
  const { national, scale } = m;
  const span = profile.length;
  let positive = 0;
  for (let k = 0; k < entries; k++) {
    const tk = t[k] as number;
    const s1 = start[k + 1] as number;
    for (let q = start[k] as number; q < s1; q++) {
      const a = airings[q] as number;
      let f = impFactor === null ? 1 : (impFactor[a] as number);
      if (span > 0) {
        const off = tk - (first[a] as number);
        f *= off >= 0 && off < span ? (profile[off] as number) : 0;
      }
      const own = national || isNational[a] === 0;
      if (!own) f *= scale;
      factor[q] = f;
      positive += f > 0 ? f : 0;
      if (flag !== null && own) flag[a] = 1;
    }
  }
  return positive;
}

/**
 * The sum of market `m`'s factors as {@link marketFactors} gives it without impressions, none
 * written (Slots.profileOnly): the profile at each slot's offset, times the market's scale for a
 * national airing in a DMA, from the log's counts of slots by offset (OverlapLog.sharedOwn and
 * sharedOther) instead of a walk of the slots. Equal to that walk's sum up to float rounding.
 */
function profilePositive(m: SharedMarket, profile: Float64Array): number {
  const { sharedOwn, sharedOther } = m.log;
  let own = 0;
  let other = 0;
  for (let k = 0; k < profile.length; k++) {
    const f = profile[k] as number;
    own += f * (sharedOwn[k] as number);
    other += f * (sharedOther[k] as number);
  }
  return own + other * m.scale;
}

const NO_FACTORS = new Float64Array(0);
const NO_AIRINGS = new Int32Array(0);
const NO_FLAGS = new Uint8Array(0);
/** Stand-in for "no profile" (an empty profile: no offset reads it). */
const NO_PROFILE = new Float64Array(0);

/** The per-slot columns of {@link Slots} and the weights, for all markets' slots end to end. */
export interface SlotBuffers {
  factor: Float64Array;
  weight: Float64Array;
}

/** Buffers of the previous run, taken by the next one (a run that throws keeps none). */
let lastSlots: SlotBuffers | undefined;

/**
 * Slot buffers with room for every slot of `markets`: the previous run's when large enough
 * (fresh ones every run cost page faults and garbage collections). Hand them back with
 * {@link keepSlotBuffers} when the run is done.
 */
export function takeSlotBuffers(markets: SharedMarket[]): SlotBuffers {
  let total = 0;
  for (const m of markets) total += m.log.used;
  const kept = lastSlots;
  lastSlots = undefined;
  if (kept && kept.factor.length >= total) return kept;
  return {
    factor: new Float64Array(total),
    weight: new Float64Array(total),
  };
}

/** Keeps a finished run's buffers for the next run. */
export function keepSlotBuffers(buffers: SlotBuffers): void {
  lastSlots = buffers;
}

/** One view of `all` per market, of its slot count, end to end in market order. */
export function slotViews<T extends Int32Array | Float64Array | Uint8Array>(
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
