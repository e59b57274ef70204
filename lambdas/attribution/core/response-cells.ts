import { DAYPARTS, daypartAt, daypartSetOf } from './dayparts';
import { tzOffsetSeconds } from './local-time';
import type { Airing } from './types';
import type { AiringKeys } from './windows';

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
 * Ids are given in input order, so the same airings give the same ids. `keys` are the airings'
 * stations and start minutes (placeAirings with keys, or airingKeys); the airing objects are read
 * once per station only.
 */
export function cellsOf(airings: Airing[], keys: AiringKeys): Cells {
  const { station, stationFirst, startMinute } = keys;
  const n = station.length;
  const stations = stationFirst.length;
  const D = DAYPARTS.length;
  // Per station: its parent (market × station type), its zone and its daypart table, in station
  // order (the order the stations first air, as the ids of the cells below).
  const { stationParent, parents } = stationParents(airings, stationFirst);
  const zoneIds = new Map<string, number>();
  const zoneTz: string[] = [];
  const stationZone = new Int32Array(stations);
  const stationTable: Int8Array[] = [];
  for (let s = 0; s < stations; s++) {
    const x = airings[stationFirst[s] as number] as Airing;
    let zone = zoneIds.get(x.tz);
    if (zone === undefined) {
      zone = zoneTz.length;
      zoneIds.set(x.tz, zone);
      zoneTz.push(x.tz);
    }
    stationZone[s] = zone;
    stationTable.push(daypartTable(daypartSetOf(x.stationType), x.tz));
  }
  // Offsets per zone and UTC day of the airings' span, looked up once per zone and day.
  let day0 = Number.POSITIVE_INFINITY;
  let day1 = Number.NEGATIVE_INFINITY;
  for (let a = 0; a < n; a++) {
    const d = Math.floor((startMinute[a] as number) / 1440);
    if (d < day0) day0 = d;
    if (d > day1) day1 = d;
  }
  const zoneDays: Float64Array[] = [];
  for (let z = 0; z < zoneTz.length; z++) {
    zoneDays.push(new Float64Array(day1 - day0 + 1).fill(UNKNOWN_OFFSET));
  }
  // Per zone, offsets by UTC hour of the days with a change (filled when first needed).
  const zoneHours = new Map<number, Map<number, number>>();
  // Cell id by station × daypart (-1 = none yet).
  const cellTable = new Int32Array(stations * D).fill(-1);
  const cellStation: number[] = [];
  const cellOf = new Int32Array(n);
  for (let a = 0; a < n; a++) {
    const s = station[a] as number;
    const minute = startMinute[a] as number;
    const zone = stationZone[s] as number;
    const days = zoneDays[zone] as Float64Array;
    const day = Math.floor(minute / 1440);
    let offset = days[day - day0] as number;
    if (offset === UNKNOWN_OFFSET) {
      const tz = zoneTz[zone] as string;
      const early = tzOffsetSeconds(tz, day * 86_400);
      // A UTC day whose offset is the same at both ends has one offset throughout.
      offset = early === tzOffsetSeconds(tz, day * 86_400 + 86_399) ? early : Number.NaN;
      days[day - day0] = offset;
    }
    // A day with a change: the offset of the airing's UTC hour (tzOffsetSeconds' own unit, the
    // same for every second of the start minute).
    if (Number.isNaN(offset)) {
      offset = hourOffset(zoneHours, zone, zoneTz[zone] as string, minute * 60, day0);
    }
    // A whole-minute offset moves the start minute by whole minutes (the minute of the UTC day
    // plus the offset lies within a day of 0..1439: one step brings it back, cheaper than a
    // floating-point %); any other offset (old local mean times) needs the start's seconds.
    let minuteOfDay: number;
    const offsetMinutes = offset / 60;
    if (offsetMinutes === Math.floor(offsetMinutes)) {
      minuteOfDay = minute - day * 1440 + offsetMinutes;
      if (minuteOfDay < 0) minuteOfDay += 1440;
      else if (minuteOfDay >= 1440) minuteOfDay -= 1440;
    } else {
      const local = (airings[a] as Airing).startUtc + offset;
      minuteOfDay = Math.floor((((local % 86_400) + 86_400) % 86_400) / 60);
    }
    const key = s * D + ((stationTable[s] as Int8Array)[minuteOfDay] as number);
    let c = cellTable[key] as number;
    if (c < 0) {
      c = cellStation.length;
      cellStation.push(s);
      cellTable[key] = c;
    }
    cellOf[a] = c;
  }
  return {
    cellOf,
    cellStation: Int32Array.from(cellStation),
    stations,
    stationParent,
    parents,
  };
}

/**
 * Cells of one per station (cell id = station id, every airing in its station's cell), parents as
 * {@link cellsOf}: hour mode without impressions, whose split reads a cell only for its station
 * (the regression estimates stations; every cell of a station takes the station's ρ), so the
 * dayparts, each airing's local start read on its zone's clock, would not change a weight.
 */
export function stationCells(airings: Airing[], keys: AiringKeys): Cells {
  const { station, stationFirst } = keys;
  const stations = stationFirst.length;
  const { stationParent, parents } = stationParents(airings, stationFirst);
  const cellStation = new Int32Array(stations);
  for (let s = 0; s < stations; s++) cellStation[s] = s;
  return { cellOf: station, cellStation, stations, stationParent, parents };
}

/**
 * Every station's parent, the market × station type of its first airing (`stationFirst[s]`, an
 * index into `airings`): ids 0..parents − 1 in the order the parents first appear among the
 * stations, so the same airings give the same ids.
 */
export function stationParents(
  airings: readonly Airing[],
  stationFirst: ArrayLike<number>,
): { stationParent: Int32Array; parents: number } {
  const stations = stationFirst.length;
  const stationParent = new Int32Array(stations);
  const parentIds = new Map<string, Map<string, number>>();
  let parents = 0;
  for (let s = 0; s < stations; s++) {
    const x = airings[stationFirst[s] as number] as Airing;
    let types = parentIds.get(x.market);
    if (!types) {
      types = new Map();
      parentIds.set(x.market, types);
    }
    let P = types.get(x.stationType);
    if (P === undefined) {
      P = parents++;
      types.set(x.stationType, P);
    }
    stationParent[s] = P;
  }
  return { stationParent, parents };
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
  if (!hasImpressions(imp)) return null;
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

/** Whether any airing has impressions (> 0; 0 = unknown). */
export function hasImpressions(imp: Float64Array): boolean {
  for (let a = 0; a < imp.length; a++) if ((imp[a] as number) > 0) return true;
  return false;
}
