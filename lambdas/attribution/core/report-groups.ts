import { daypartSetOf, gridMinute } from './dayparts';
import type { LocalFields } from './local-time';
import { type RowKey, rowKeyOf } from './report-keys';
import type { Airing, Dimension } from './types';

/**
 * Rows of one report dimension, accumulated in a single pass over the airings (issue #2 §9 speed:
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
   * visits of those same airings, and how many of the row's airings are podcasts (issue #4
   * "Streaming/CTV and podcast rows"; method note §5.3 VPD).
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
  fields: LocalFields[];
  attributed: Float64Array;
  expected: Float64Array;
  variance: Float64Array;
  postExcess: Float64Array;
  postVariance: Float64Array;
  /** Creative id per airing and the id → name table ('(none)' for airings without creative). */
  creativeId: Int32Array;
  creativeNames: string[];
}

const NULL_VALUE = '\u0000';
/** Raw values 0..SMALL_VALUES − 1 are memoised in a dense table (dayparts use 0..2879). */
const SMALL_VALUES = 4096;
/** Largest rows × creatives table (Int32 entries) before falling back to a Map. */
const MAX_SLOT_TABLE = 1 << 22;

/**
 * A value that decides the airing's row in `dim` (equal values → same row), so rowKeyOf runs once
 * per distinct value instead of once per airing.
 */
function rawValue(a: Airing, dim: Dimension, f: LocalFields): string | number {
  switch (dim) {
    case 'daypart': {
      // The grid minute, not the clock minute: Central/Mountain TV rows shift an hour.
      const set = daypartSetOf(a.stationType);
      return (set === 'radio' ? 1440 : 0) + gridMinute(f.minuteOfDay, set, a.tz);
    }
    case 'day_of_week':
      return f.weekday;
    case 'day_of_month':
      return f.day;
    case 'week_number':
      return f.isoWeekYear * 100 + f.isoWeek;
    case 'month_of_year':
      return f.month;
    case 'spot_length':
      return a.lengthS;
    case 'station':
      return a.station;
    case 'network':
      return a.network ?? NULL_VALUE;
    case 'program':
      return a.program ?? NULL_VALUE; // radio programs use their own memo (see groupDimension)
    case 'cable_zone':
      return a.cableZone ?? NULL_VALUE;
    case 'creative':
      return a.creative ?? NULL_VALUE;
  }
}

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

/** Groups the airings of `input` into the rows of `dim` and sums each row (see DimensionGroups). */
export function groupDimension(input: GroupInput, dim: Dimension): DimensionGroups {
  const { airings, fields } = input;
  const n = airings.length;
  const keys: RowKey[] = [];
  const types: string[] = [];
  const rowOfKey = new Map<string, number>();
  // Two memos: the same program name can be a row for TV and no row for radio (spec §9).
  const memos = [new Map<string | number, number>(), new Map<string | number, number>()];
  // Small non-negative integer values (dayparts, weekdays, days, months, spot lengths) use a
  // dense table instead of a Map (-2 = not seen yet).
  const dense = new Int32Array(SMALL_VALUES).fill(-2);
  const gid = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const a = airings[i] as Airing;
    const f = fields[i] as LocalFields;
    const raw = rawValue(a, dim, f);
    const small =
      typeof raw === 'number' && raw >= 0 && raw < SMALL_VALUES && Number.isInteger(raw);
    if (small && (dense[raw] as number) !== -2) {
      gid[i] = dense[raw] as number;
      continue;
    }
    const rowOfRaw = memos[dim === 'program' && a.stationType === 'radio' ? 1 : 0] as Map<
      string | number,
      number
    >;
    let g = small ? undefined : rowOfRaw.get(raw);
    if (g === undefined) {
      const k = rowKeyOf(a, dim, f);
      if (!k) g = -1;
      else {
        g = rowOfKey.get(k.key);
        if (g === undefined) {
          g = keys.length;
          keys.push(k);
          types.push(dim === 'station' ? a.stationType : dim);
          rowOfKey.set(k.key, g);
        }
      }
      if (small) dense[raw as number] = g;
      else rowOfRaw.set(raw, g);
    }
    gid[i] = g;
  }
  const G = keys.length;
  const out: DimensionGroups = {
    keys,
    types,
    ads: new Int32Array(G),
    traffic: new Float64Array(G),
    expected: new Float64Array(G),
    variance: new Float64Array(G),
    postExcess: new Float64Array(G),
    postVariance: new Float64Array(G),
    cost: new Float64Array(G),
    hasCost: new Uint8Array(G),
    impressions: new Float64Array(G),
    impressionTraffic: new Float64Array(G),
    hasImpressions: new Uint8Array(G),
    podcastAds: new Int32Array(G),
    creatives: Array.from({ length: G }, () => []),
  };
  const C = input.creativeNames.length;
  // Row × creative → slot: a dense table when it is small enough, else a Map.
  const slotTable = G * C <= MAX_SLOT_TABLE ? new Int32Array(G * C).fill(-1) : null;
  const slots: Array<{ creative: string; ads: number; traffic: number }> = [];
  const slotOf = new Map<number, { creative: string; ads: number; traffic: number }>();
  for (let i = 0; i < n; i++) {
    const g = gid[i] as number;
    if (g < 0) continue;
    const a = input.attributed[i] as number;
    out.ads[g] = (out.ads[g] as number) + 1;
    out.traffic[g] = (out.traffic[g] as number) + a;
    out.expected[g] = (out.expected[g] as number) + (input.expected[i] as number);
    out.variance[g] = (out.variance[g] as number) + (input.variance[i] as number);
    out.postExcess[g] = (out.postExcess[g] as number) + (input.postExcess[i] as number);
    out.postVariance[g] = (out.postVariance[g] as number) + (input.postVariance[i] as number);
    const airing = airings[i] as Airing;
    const cost = airing.costCents;
    if (cost !== null) {
      out.cost[g] = (out.cost[g] as number) + cost;
      out.hasCost[g] = 1;
    }
    const imp = airing.impressions;
    if (imp !== null) {
      out.impressions[g] = (out.impressions[g] as number) + imp;
      out.impressionTraffic[g] = (out.impressionTraffic[g] as number) + a;
      out.hasImpressions[g] = 1;
    }
    if (airing.stationType === 'podcast') out.podcastAds[g] = (out.podcastAds[g] as number) + 1;
    const c = input.creativeId[i] as number;
    const key = g * C + c;
    const slot = slotTable ? slots[slotTable[key] as number] : slotOf.get(key);
    if (slot) {
      slot.ads++;
      slot.traffic += a;
    } else {
      const s = { creative: input.creativeNames[c] as string, ads: 1, traffic: a };
      if (slotTable) {
        slotTable[key] = slots.length;
        slots.push(s);
      } else slotOf.set(key, s);
      (out.creatives[g] as Array<typeof s>).push(s);
    }
  }
  return out;
}
