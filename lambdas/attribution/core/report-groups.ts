import { daypartSetOf, gridMinute } from './dayparts';
import type { LocalFields } from './local-time';
import { type RowKey, rowKeyOf } from './report-keys';
import type { Airing, Dimension } from './types';

/**
 * Rows of one report dimension, accumulated in a single pass over the airings (for speed:
 * typed-array accumulators per row, row keys computed once per distinct raw value, creatives as
 * integer ids). Source: spec §2 report screens, §3 Broadcast row; method note §5.3.
 */
export interface DimensionGroups {
  /** Row keys in first-seen order (row g = keys[g]). */
  keys: RowKey[];
  /** BroadcastRow.type per row: the first airing's station type for 'station', else the dimension. */
  types: string[];
  /** Per row: airings, Σ attributed, Σ expected, Σ φ·E, post-window excess and variance, Σ cost cents. */
  ads: Int32Array;
  traffic: Float64Array;
  expected: Float64Array;
  variance: Float64Array;
  postExcess: Float64Array;
  postVariance: Float64Array;
  cost: Float64Array;
  /** 1 = at least one airing of the row has a cost. */
  hasCost: Uint8Array;
  /**
   * Per row: Σ impressions (downloads for podcasts) of the airings that have them, Σ attributed
   * visits of those same airings, and how many of the row's airings are podcasts (the
   * streaming/CTV and podcast rows; method note §5.3 VPD).
   */
  impressions: Float64Array;
  impressionTraffic: Float64Array;
  hasImpressions: Uint8Array;
  podcastAds: Int32Array;
  /** Per row: creative names with ads and signed traffic, in first-seen order (unsorted). */
  creatives: Array<Array<{ creative: string; ads: number; traffic: number }>>;
}

/** Per-airing inputs shared by every dimension (index i = i-th scored airing). */
export interface GroupInput {
  airings: Airing[];
  /** The holder's local calendar fields of each airing, when it has them (else computed on use). */
  fields: Array<LocalFields | undefined>;
  /**
   * Local calendar fields per airing (LocalFields): minute of day, ISO weekday, day of month,
   * month, and isoWeekYear·100 + isoWeek. Typed arrays rather than an object per airing: the
   * objects would live through every table and be copied by each young-generation collection.
   */
  minuteOfDay: Int16Array;
  weekday: Uint8Array;
  day: Uint8Array;
  month: Uint8Array;
  week: Int32Array;
  attributed: Float64Array;
  expected: Float64Array;
  variance: Float64Array;
  postExcess: Float64Array;
  postVariance: Float64Array;
  /** Cost in cents per airing (0 when unknown) and 1 when it is known. */
  cost: Float64Array;
  hasCost: Uint8Array;
  /** Impressions (downloads for podcasts) per airing (0 when unknown) and 1 when they are known. */
  impressions: Float64Array;
  hasImpressions: Uint8Array;
  /** 1 = a podcast airing. */
  podcast: Uint8Array;
  /** Creative id per airing and the id → name table ('(none)' for airings without creative). */
  creativeId: Int32Array;
  creativeNames: string[];
}

/** Largest rows × creatives table (Int32 entries) before falling back to a Map. */
const MAX_SLOT_TABLE = 1 << 22;

/** Interns creative names: id per airing and the names ('(none)' when an airing has none). */
export function creativeIds(airings: Airing[]): { ids: Int32Array; names: string[] } {
  const ids = new Int32Array(airings.length);
  const names: string[] = [];
  const index = new Map<string, number>();
  airings.forEach((a, i) => {
    const name = a.creative ?? '(none)';
    let id = index.get(name);
    if (id === undefined) {
      id = names.length;
      names.push(name);
      index.set(name, id);
    }
    ids[i] = id;
  });
  return { ids, names };
}

/**
 * Codes 0, 1, … of the numbers `value(0..n-1)` in the order they are first seen, written to
 * `codes` (equal values → equal codes). @returns the number of codes.
 */
function firstSeenCodes(codes: Int32Array, n: number, value: (i: number) => number): number {
  const ids = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const v = value(i);
    let id = ids.get(v);
    if (id === undefined) {
      id = ids.size;
      ids.set(v, id);
    }
    codes[i] = id;
  }
  return ids.size;
}

/**
 * A small integer code per airing for its value in `dim` (equal values → equal codes; radio
 * programs apart from TV ones, as their rows differ: spec §9), written to `codes`; returns the
 * number of codes. One loop per kind of value, so the hot loop neither switches on the
 * dimension nor boxes a value per airing.
 */
function valueCodes(input: GroupInput, dim: Dimension, codes: Int32Array): number {
  const { airings } = input;
  const n = airings.length;
  switch (dim) {
    case 'daypart':
      // The grid minute, not the clock minute: Central/Mountain TV rows shift an hour.
      for (let i = 0; i < n; i++) {
        const a = airings[i] as Airing;
        const set = daypartSetOf(a.stationType);
        codes[i] =
          (set === 'radio' ? 1440 : 0) + gridMinute(input.minuteOfDay[i] as number, set, a.tz);
      }
      return 2880;
    case 'day_of_week':
      for (let i = 0; i < n; i++) codes[i] = input.weekday[i] as number;
      return 8;
    case 'day_of_month':
      for (let i = 0; i < n; i++) codes[i] = input.day[i] as number;
      return 32;
    case 'month_of_year':
      for (let i = 0; i < n; i++) codes[i] = input.month[i] as number;
      return 13;
    case 'week_number':
      return firstSeenCodes(codes, n, (i) => input.week[i] as number);
    case 'spot_length':
      return firstSeenCodes(codes, n, (i) => (airings[i] as Airing).lengthS);
    case 'creative':
      // The creative ids of the input (creativeIds), apart for airings without a creative, which
      // share the id of a creative named '(none)' but have no row.
      for (let i = 0; i < n; i++) {
        const none = (airings[i] as Airing).creative == null ? 1 : 0;
        codes[i] = 2 * (input.creativeId[i] as number) + none;
      }
      return 2 * input.creativeNames.length;
    default: {
      // Code 0 = no value (no lookup: network and cable zone are often empty for every airing).
      const ids = new Map<string, number>();
      for (let i = 0; i < n; i++) {
        const a = airings[i] as Airing;
        const v = stringValue(a, dim);
        let id = 0;
        if (v !== null) {
          const known = ids.get(v);
          if (known === undefined) {
            id = ids.size + 1;
            ids.set(v, id);
          } else id = known;
        }
        codes[i] = dim === 'program' ? 2 * id + (a.stationType === 'radio' ? 1 : 0) : id;
      }
      return dim === 'program' ? 2 * (ids.size + 1) : ids.size + 1;
    }
  }
}

/** The value of a text dimension (null = none). */
function stringValue(a: Airing, dim: Dimension): string | null {
  switch (dim) {
    case 'station':
      return a.station;
    case 'network':
      return a.network;
    case 'program':
      return a.program;
    case 'cable_zone':
      return a.cableZone;
    default:
      return a.creative;
  }
}

/**
 * The row of every airing in `dim`: writes its index in `keys` (or −1 = no row) to
 * gid[i·stride + slot] and appends the dimension's new row keys and types to `keys` and `types`
 * (rows in first-seen order; rowKeyOf runs once per distinct value).
 */
function assignRows(
  input: GroupInput,
  dim: Dimension,
  gid: Int32Array,
  slot: number,
  stride: number,
  keys: RowKey[],
  types: string[],
): void {
  const { airings, fields } = input;
  const n = airings.length;
  const codes = new Int32Array(n);
  // Row per value code, -2 = not seen yet.
  const rowOfCode = new Int32Array(valueCodes(input, dim, codes)).fill(-2);
  const rowOfKey = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const code = codes[i] as number;
    let g = rowOfCode[code] as number;
    if (g === -2) {
      const a = airings[i] as Airing;
      const k = rowKeyOf(a, dim, fields[i]);
      if (!k) g = -1;
      else {
        const seen = rowOfKey.get(k.key);
        if (seen === undefined) {
          g = keys.length;
          keys.push(k);
          types.push(dim === 'station' ? a.stationType : dim);
          rowOfKey.set(k.key, g);
        } else g = seen;
      }
      rowOfCode[code] = g;
    }
    gid[i * stride + slot] = g;
  }
}

/**
 * Groups the airings of `input` into the rows of every dimension of `dims` and sums each row (see
 * DimensionGroups; result d belongs to dims[d]). The rows of all dimensions share one set of
 * accumulators and one pass over the airings: each row still sums its airings in input order, so
 * the sums are the same bits as one pass per dimension.
 */
export function groupDimensions(input: GroupInput, dims: readonly Dimension[]): DimensionGroups[] {
  const n = input.airings.length;
  const D = dims.length;
  const keys: RowKey[] = [];
  const types: string[] = [];
  const offsets = new Int32Array(D + 1);
  const gid = new Int32Array(n * D);
  for (let d = 0; d < D; d++) {
    offsets[d] = keys.length;
    assignRows(input, dims[d] as Dimension, gid, d, D, keys, types);
  }
  offsets[D] = keys.length;
  const R = keys.length;
  const ads = new Int32Array(R);
  const traffic = new Float64Array(R);
  const expected = new Float64Array(R);
  const variance = new Float64Array(R);
  const postExcess = new Float64Array(R);
  const postVariance = new Float64Array(R);
  const cost = new Float64Array(R);
  const hasCost = new Uint8Array(R);
  const impressions = new Float64Array(R);
  const impressionTraffic = new Float64Array(R);
  const hasImpressions = new Uint8Array(R);
  const podcastAds = new Int32Array(R);
  const creatives: Array<Array<{ creative: string; ads: number; traffic: number }>> = new Array(R);
  for (let r = 0; r < R; r++) creatives[r] = [];
  const C = input.creativeNames.length;
  // Row × creative → slot: a dense table when it is small enough, else a Map. Slots sum in typed
  // arrays (their row, creative, ads and traffic), made into objects once at the end.
  const slotTable = R * C <= MAX_SLOT_TABLE ? new Int32Array(R * C).fill(-1) : null;
  const slotOf = new Map<number, number>();
  let slotCount = 0;
  let slotRow = new Int32Array(1024);
  let slotCreative = new Int32Array(1024);
  let slotAds = new Int32Array(1024);
  let slotTraffic = new Float64Array(1024);
  const { attributed, creativeId, creativeNames } = input;
  for (let i = 0; i < n; i++) {
    const a = attributed[i] as number;
    const e = input.expected[i] as number;
    const v = input.variance[i] as number;
    const pe = input.postExcess[i] as number;
    const pv = input.postVariance[i] as number;
    const withCost = input.hasCost[i] === 1;
    const c$ = input.cost[i] as number;
    const withImp = input.hasImpressions[i] === 1;
    const imp = input.impressions[i] as number;
    const pod = input.podcast[i] === 1;
    const c = creativeId[i] as number;
    const base = i * D;
    for (let d = 0; d < D; d++) {
      const g = gid[base + d] as number;
      if (g < 0) continue;
      ads[g] = (ads[g] as number) + 1;
      traffic[g] = (traffic[g] as number) + a;
      expected[g] = (expected[g] as number) + e;
      variance[g] = (variance[g] as number) + v;
      postExcess[g] = (postExcess[g] as number) + pe;
      postVariance[g] = (postVariance[g] as number) + pv;
      if (withCost) {
        cost[g] = (cost[g] as number) + c$;
        hasCost[g] = 1;
      }
      if (withImp) {
        impressions[g] = (impressions[g] as number) + imp;
        impressionTraffic[g] = (impressionTraffic[g] as number) + a;
        hasImpressions[g] = 1;
      }
      if (pod) podcastAds[g] = (podcastAds[g] as number) + 1;
      const key = g * C + c;
      const k = slotTable ? (slotTable[key] as number) : (slotOf.get(key) ?? -1);
      if (k >= 0) {
        slotAds[k] = (slotAds[k] as number) + 1;
        slotTraffic[k] = (slotTraffic[k] as number) + a;
        continue;
      }
      if (slotCount === slotRow.length) {
        const grow = 2 * slotCount;
        slotRow = grown(slotRow, new Int32Array(grow));
        slotCreative = grown(slotCreative, new Int32Array(grow));
        slotAds = grown(slotAds, new Int32Array(grow));
        slotTraffic = grown(slotTraffic, new Float64Array(grow));
      }
      if (slotTable) slotTable[key] = slotCount;
      else slotOf.set(key, slotCount);
      slotRow[slotCount] = g;
      slotCreative[slotCount] = c;
      slotAds[slotCount] = 1;
      slotTraffic[slotCount] = a;
      slotCount++;
    }
  }
  // Slots were opened in first-seen order, so each row's creatives keep that order.
  for (let k = 0; k < slotCount; k++) {
    (creatives[slotRow[k] as number] as DimensionGroups['creatives'][number]).push({
      creative: creativeNames[slotCreative[k] as number] as string,
      ads: slotAds[k] as number,
      traffic: slotTraffic[k] as number,
    });
  }
  const out: DimensionGroups[] = [];
  for (let d = 0; d < D; d++) {
    const lo = offsets[d] as number;
    const hi = offsets[d + 1] as number;
    out.push({
      keys: keys.slice(lo, hi),
      types: types.slice(lo, hi),
      ads: ads.subarray(lo, hi),
      traffic: traffic.subarray(lo, hi),
      expected: expected.subarray(lo, hi),
      variance: variance.subarray(lo, hi),
      postExcess: postExcess.subarray(lo, hi),
      postVariance: postVariance.subarray(lo, hi),
      cost: cost.subarray(lo, hi),
      hasCost: hasCost.subarray(lo, hi),
      impressions: impressions.subarray(lo, hi),
      impressionTraffic: impressionTraffic.subarray(lo, hi),
      hasImpressions: hasImpressions.subarray(lo, hi),
      podcastAds: podcastAds.subarray(lo, hi),
      creatives: creatives.slice(lo, hi),
    });
  }
  return out;
}

/** `to` with `from` copied to its start (typed arrays grown by doubling). */
function grown<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
