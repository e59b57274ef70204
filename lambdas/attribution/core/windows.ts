import type { ResolvedOptions } from './options';
import { type Airing, NATIONAL, type VisitData } from './types';

/**
 * Airings as parallel typed arrays on the visit grid (no per-minute objects).
 * An airing covers buckets first..last (inclusive): in minute mode the bucket of its start minute
 * and the next windowMinutes − 1; in hour mode every clock hour touched by
 * [start minute, start minute + windowMinutes) (method note §5.2). Indexes may fall outside
 * [0, length) when the airing lies outside the visit data.
 */
export interface AiringGrid {
  first: Int32Array;
  last: Int32Array;
  /** Impressions, 0 when unknown. */
  imp: Float64Array;
  /** Whether any airing has impressions (> 0). */
  anyImpressions: boolean;
  /** 1 = starts in [fromUtc, toUtc): reported and summed. */
  inRange: Uint8Array;
  /**
   * The first bucket of any reported airing: the least `first` where inRange is 1, 2³¹ − 1 when
   * none is. A bucket before it holds no reported airing.
   */
  reportedFrom: number;
  /** Airing indexes per market key (DMA code or NATIONAL), each sorted by first bucket. */
  byMarket: Map<string, Int32Array>;
  /** The airings' stations and start minutes when asked for (the response split), else null. */
  keys: AiringKeys | null;
}

/**
 * Per airing, what the response split groups by (response-cells.ts), read while the airing is at
 * hand so the split does not walk the airing objects again.
 */
export interface AiringKeys {
  /** Per airing: its station (market × call sign), numbered 0.. in order of first appearance. */
  station: Int32Array;
  /** Per station: the index of its first airing. */
  stationFirst: Int32Array;
  /**
   * Per airing: the minute of its start, floor(startUtc / 60) (minutes since the epoch, UTC).
   * From placeAirings: empty in hour mode when no airing has impressions (no reader then).
   */
  startMinute: Float64Array;
}

/**
 * The per-airing columns of {@link AiringGrid} a market's run reads (the part a worker thread
 * gets: lambdas/attribution/core/local-market.ts).
 */
export type GridColumns = Pick<AiringGrid, 'first' | 'last' | 'imp'>;

/**
 * Places the airings on the grid of `visits` (see {@link AiringGrid}); `withKeys` also gives
 * their {@link AiringKeys} (else `keys` is null), with start minutes only where they are read.
 */
export function placeAirings(
  airings: Airing[],
  visits: VisitData,
  o: ResolvedOptions,
  withKeys = false,
): AiringGrid {
  const n = airings.length;
  const first = new Int32Array(n);
  const last = new Int32Array(n);
  const imp = new Float64Array(n);
  const inRange = new Uint8Array(n);
  const lists = new Map<string, MarketPlace>();
  const station = withKeys ? new Int32Array(n) : NO_INDEXES;
  // Start minutes are read to place an airing in its daypart's cell: minute mode, or hour mode
  // with impressions (response-split.ts); hour mode without them splits by station alone.
  let startMinute = withKeys && o.step === 60 ? new Float64Array(n) : NO_MINUTES;
  let anyImpressions = false;
  let reportedFrom = NONE_REPORTED;
  const stationFirst: number[] = [];
  const byStation = new Map<string, StationPlace>();
  for (let i = 0; i < n; i++) {
    const a = airings[i] as Airing;
    const minute = Math.floor(a.startUtc / 60) * 60;
    first[i] = Math.floor((minute - visits.startUtc) / o.step);
    last[i] = Math.floor((minute + o.windowMinutes * 60 - 60 - visits.startUtc) / o.step);
    imp[i] = a.impressions !== null && a.impressions > 0 ? a.impressions : 0;
    if (imp[i] !== 0) anyImpressions = true;
    inRange[i] = a.startUtc >= o.fromUtc && a.startUtc < o.toUtc ? 1 : 0;
    if (inRange[i] === 1 && (first[i] as number) < reportedFrom) reportedFrom = first[i] as number;
    const key = a.market === NATIONAL ? NATIONAL : a.market;
    let m: MarketPlace;
    if (withKeys) {
      // One lookup by call sign finds the station and its market's list (a call sign in two
      // markets chains its places). The readers keep one string per call sign (interned.ts).
      let at = byStation.get(a.station);
      while (at !== undefined && at.market !== key) at = at.next;
      if (at === undefined) {
        at = {
          market: key,
          place: marketPlace(lists, key),
          id: stationFirst.length,
          next: byStation.get(a.station),
        };
        stationFirst.push(i);
        byStation.set(a.station, at);
      }
      m = at.place;
      station[i] = at.id;
      if (startMinute.length > 0) startMinute[i] = Math.floor(a.startUtc / 60);
    } else m = marketPlace(lists, key);
    m.list.push(i);
  }
  if (withKeys && anyImpressions && startMinute.length === 0) {
    startMinute = new Float64Array(n);
    for (let i = 0; i < n; i++) startMinute[i] = Math.floor((airings[i] as Airing).startUtc / 60);
  }
  const byMarket = new Map<string, Int32Array>();
  for (const [k, m] of lists) byMarket.set(k, sortByFirst(m.list, first, n));
  const keys = withKeys
    ? { station, stationFirst: Int32Array.from(stationFirst), startMinute }
    : null;
  return { first, last, imp, anyImpressions, inRange, reportedFrom, byMarket, keys };
}

/**
 * The {@link AiringKeys} of `airings` alone (what placeAirings gives with `withKeys`), for a
 * caller that has no grid.
 */
export function airingKeys(airings: Airing[]): AiringKeys {
  const n = airings.length;
  const station = new Int32Array(n);
  const startMinute = new Float64Array(n);
  const stationFirst: number[] = [];
  const markets = new Map<string, Map<string, number>>();
  for (let i = 0; i < n; i++) {
    const a = airings[i] as Airing;
    let stations = markets.get(a.market);
    if (!stations) {
      stations = new Map();
      markets.set(a.market, stations);
    }
    let s = stations.get(a.station);
    if (s === undefined) {
      s = stationFirst.length;
      stationFirst.push(i);
      stations.set(a.station, s);
    }
    station[i] = s;
    startMinute[i] = Math.floor(a.startUtc / 60);
  }
  return { station, stationFirst: Int32Array.from(stationFirst), startMinute };
}

/** One market's airings (input order). */
interface MarketPlace {
  list: number[];
}

/** The list of market `key` in `lists`, made when first asked for. */
function marketPlace(lists: Map<string, MarketPlace>, key: string): MarketPlace {
  let m = lists.get(key);
  if (!m) {
    m = { list: [] };
    lists.set(key, m);
  }
  return m;
}

/** A station (a call sign in one market): its id and its market's list; `next` = the same call sign elsewhere. */
interface StationPlace {
  market: string;
  place: MarketPlace;
  id: number;
  next: StationPlace | undefined;
}

const NO_INDEXES = new Int32Array(0);
/** {@link AiringGrid.reportedFrom} when no airing is reported. */
const NONE_REPORTED = 0x7fffffff;
const NO_MINUTES = new Float64Array(0);

/**
 * Airing indexes sorted by first bucket, ties by index: one numeric key per airing,
 * (first − min first)·n + index (exact: far below 2^53), sorted without a comparator callback.
 */
function sortByFirst(list: number[], first: Int32Array, n: number): Int32Array {
  let lo = 0;
  for (let i = 0; i < list.length; i++) {
    const f = first[list[i] as number] as number;
    if (i === 0 || f < lo) lo = f;
  }
  const keys = new Float64Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const a = list[i] as number;
    keys[i] = ((first[a] as number) - lo) * n + a;
  }
  keys.sort();
  const out = new Int32Array(list.length);
  for (let i = 0; i < keys.length; i++) out[i] = (keys[i] as number) % n;
  return out;
}

/** Merges two index lists already sorted by first bucket. */
export function mergeByFirst(a: Int32Array, b: Int32Array, first: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if ((first[x] as number) <= (first[y] as number)) {
      out[k++] = x;
      i++;
    } else {
      out[k++] = y;
      j++;
    }
  }
  while (i < a.length) out[k++] = a[i++] as number;
  while (j < b.length) out[k++] = b[j++] as number;
  return out;
}

/** Marks (sets 1) the buckets first..last ∩ [0, length) of the given airings. */
export function markWindows(mask: Uint8Array, members: Int32Array, grid: GridColumns): void {
  const len = mask.length;
  for (let m = 0; m < members.length; m++) {
    const a = members[m] as number;
    const lo = Math.max(0, grid.first[a] as number);
    const hi = Math.min(len - 1, grid.last[a] as number);
    for (let t = lo; t <= hi; t++) mask[t] = 1;
  }
}

/**
 * Adds 1 (saturating at 255) to count[t] for every bucket first..last ∩ [0, length) of each of
 * the given airings: the number of airings active in each bucket (hour mode's masked lift groups
 * its buckets by it, see SeasonalBaseline in baseline.ts).
 */
export function countWindows(count: Uint8Array, members: Int32Array, grid: GridColumns): void {
  const len = count.length;
  for (let m = 0; m < members.length; m++) {
    const a = members[m] as number;
    const lo = Math.max(0, grid.first[a] as number);
    const hi = Math.min(len - 1, grid.last[a] as number);
    for (let t = lo; t <= hi; t++)
      if ((count[t] as number) < 255) count[t] = (count[t] as number) + 1;
  }
}
