import { DAYPARTS, daypartAt, daypartSetOf } from './dayparts';
import { tzOffsetSeconds } from './local-time';
import type { Airing } from './types';

/**
 * Station × daypart cells of the response split (docs/attribution-method.md §4.2): the unit
 * whose expected response ρ the split estimates, and the parents the estimates shrink toward.
 */
export interface Cells {
  /** Per airing: its cell. */
  cellOf: Int32Array;
  /** Per cell: its station (0..stations − 1). */
  cellStation: Int32Array;
  stations: number;
  /** Per station: its parent, the market × station type (0..parents − 1). */
  stationParent: Int32Array;
  parents: number;
}

/**
 * The cells of `airings`: a station is its market and call sign, a cell the station and the
 * daypart of the airing's local start (dayparts.ts, by the station type's daypart set and zone).
 * A station keeps the zone and type of its first airing (its clock and its parent, market ×
 * station type): dayparts are read on the market's local clock, and a station airs in one zone.
 * Ids are given in input order, so the same airings give the same ids.
 */
export function cellsOf(airings: Airing[], byMarket: Map<string, Int32Array>): Cells {
  const n = airings.length;
  const stationParent: number[] = [];
  const D = DAYPARTS.length;
  // Cell id by station × daypart (-1 = none yet), grown as stations appear.
  let cellTable = new Int32Array(64 * D).fill(-1);
  const cellStation: number[] = [];
  const cellOf = new Int32Array(n);
  // Each market's stations, found by the airing's market index (the markets interleave in memory
  // order, and a string-keyed lookup per airing cost more than the rest of this loop).
  const marketOf = new Int32Array(n);
  const states: MarketCells[] = [];
  for (const list of byMarket.values()) {
    for (let i = 0; i < list.length; i++) marketOf[list[i] as number] = states.length;
    states.push({ stations: new Map(), types: new Map() });
  }
  // Offsets per zone and UTC day of the airings' span, looked up once per zone and day.
  let day0 = Number.POSITIVE_INFINITY;
  let day1 = Number.NEGATIVE_INFINITY;
  for (let a = 0; a < n; a++) {
    const d = Math.floor((airings[a] as Airing).startUtc / 86_400);
    if (d < day0) day0 = d;
    if (d > day1) day1 = d;
  }
  // Zones as small ids, read once per station: the zone strings of a CSV are slices of its text,
  // and comparing or hashing one per airing cost more than the rest of this loop.
  const zoneIds = new Map<string, number>();
  const zoneTz: string[] = [];
  const zoneDays: Float64Array[] = [];
  // Per zone, offsets by UTC hour of the days with a change (filled when first needed).
  const zoneHours = new Map<number, Map<number, number>>();
  // Per station: its zone, that zone's offsets by day, and its daypart table.
  const stationZone: number[] = [];
  const stationDays: Float64Array[] = [];
  const stationTable: Int8Array[] = [];
  let parents = 0;
  // In input order (the airings' memory order: about twice as fast as market by market).
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
      let zone = zoneIds.get(x.tz);
      if (zone === undefined) {
        zone = zoneTz.length;
        zoneIds.set(x.tz, zone);
        zoneTz.push(x.tz);
        zoneDays.push(new Float64Array(day1 - day0 + 1).fill(UNKNOWN_OFFSET));
      }
      stationZone.push(zone);
      stationDays.push(zoneDays[zone] as Float64Array);
      stationTable.push(daypartTable(daypartSetOf(x.stationType), x.tz));
      if ((s + 1) * D > cellTable.length) {
        const grown = new Int32Array(cellTable.length * 2).fill(-1);
        grown.set(cellTable);
        cellTable = grown;
      }
    }
    const days = stationDays[s] as Float64Array;
    const day = Math.floor(x.startUtc / 86_400);
    let offset = days[day - day0] as number;
    if (offset === UNKNOWN_OFFSET) {
      const tz = zoneTz[stationZone[s] as number] as string;
      const early = tzOffsetSeconds(tz, day * 86_400);
      // A UTC day whose offset is the same at both ends has one offset throughout.
      offset = early === tzOffsetSeconds(tz, day * 86_400 + 86_399) ? early : Number.NaN;
      days[day - day0] = offset;
    }
    // A day with a change: the offset of the airing's UTC hour (tzOffsetSeconds' own unit).
    if (Number.isNaN(offset)) {
      const zone = stationZone[s] as number;
      offset = hourOffset(zoneHours, zone, zoneTz[zone] as string, x.startUtc, day0);
    }
    const local = x.startUtc + offset;
    const minuteOfDay = Math.floor((((local % 86_400) + 86_400) % 86_400) / 60);
    const key = s * D + ((stationTable[s] as Int8Array)[minuteOfDay] as number);
    let c = cellTable[key] as number;
    if (c < 0) {
      c = cellStation.length;
      cellStation.push(s);
      cellTable[key] = c;
    }
    cellOf[a] = c;
  }
  const stations = stationParent.length;
  return {
    cellOf,
    cellStation: Int32Array.from(cellStation),
    stations,
    stationParent: Int32Array.from(stationParent),
    parents,
  };
}

/** The UTC offset of `tz` (zone id `zone`) in the UTC hour of `utc`, looked up once per hour. */
function hourOffset(
  hours: Map<number, Map<number, number>>,
  zone: number,
  tz: string,
  utc: number,
  day0: number,
): number {
  const hour = Math.floor(utc / 3600) - day0 * 24;
  let byHour = hours.get(zone);
  if (!byHour) {
    byHour = new Map();
    hours.set(zone, byHour);
  }
  let off = byHour.get(hour);
  if (off === undefined) {
    off = tzOffsetSeconds(tz, utc);
    byHour.set(hour, off);
  }
  return off;
}

/** One market's state while {@link cellsOf} walks the airings. */
interface MarketCells {
  stations: Map<string, number>;
  /** Parent id (market × station type) by station type. */
  types: Map<string, number>;
}

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

/**
 * Per airing: imp_a / (mean impressions of its cell's airings that have them); 1 for an airing
 * without impressions. null when no airing has impressions (every factor 1).
 */
export function impressionFactors(
  imp: Float64Array,
  cellOf: Int32Array,
  cells: number,
): Float64Array | null {
  let any = false;
  for (let a = 0; a < imp.length && !any; a++) any = (imp[a] as number) > 0;
  if (!any) return null;
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
