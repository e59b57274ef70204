import { TZDate } from '@date-fns/tz';
import { type LocationHours, WEEKDAYS, type Weekday } from '../contracts/locations.schema';
import { dmaOfRow } from '../reference/dmas';
import { SHIPPED_DMA_ROWS } from '../reference/shipped';

/** A location's opening windows in UTC epoch seconds, [from, to) each, sorted and disjoint. */
export type OpenWindow = readonly [fromUtc: number, toUtc: number];

/**
 * One open interval of a store's week, in its local time: ISO weekday (1 = Monday .. 7 =
 * Sunday) and minutes after local midnight, [fromMin, toMin) with toMin <= 1440.
 */
export interface WeeklyOpenRule {
  isodow: number;
  fromMin: number;
  toMin: number;
}

/**
 * The store-visit filter of a foot-traffic report: for each location (store id) that has opening
 * hours, its IANA zone and its week of open intervals (WeeklyOpenRule; at most 14 per store, so
 * the query stays small whatever the report range). A visit bucket of such a store counts only
 * when its start, read in the store's zone, falls in one of them; stores not listed count every
 * visit. Empty = no filter.
 */
export type OpenHoursFilter = ReadonlyArray<{
  location_id: string;
  timezone: string;
  rules: readonly WeeklyOpenRule[];
}>;

const DAY_S = 86_400;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Date.getDay() (0 = Sunday) as the contract's weekday key. */
const weekdayOf = (day: number): Weekday => WEEKDAYS[(day + 6) % 7] as Weekday;

/**
 * The UTC windows in which a store with `hours` (local wall-clock times in `timezone`) is open,
 * clipped to [fromUtc, toUtc) and merged where they touch (so "open all day" days and a late
 * closing followed by an early opening make one window).
 * Each weekday's hours apply from that day's local opening time; a closing time at or before the
 * opening time ("00:00", or e.g. 22:00-02:00) closes on the next day. A closed day (null) opens
 * nothing, and an overnight window of the day before still runs into it. Local times are read in
 * the zone with its daylight-saving rules (@date-fns/tz): a day whose clocks go forward is an
 * hour shorter.
 * @param fromUtc inclusive, epoch seconds. @param toUtc exclusive, epoch seconds.
 * @returns the windows; [] when no day in the range is open.
 */
export function openWindows(
  hours: LocationHours,
  timezone: string,
  fromUtc: number,
  toUtc: number,
): OpenWindow[] {
  if (toUtc <= fromUtc) return [];
  // Start a day early: yesterday's overnight hours can reach into the range.
  const first = TZDate.tz(timezone, (fromUtc - DAY_S) * 1000);
  const out: [number, number][] = [];
  for (let i = 0; ; i++) {
    const day = new TZDate(first.getFullYear(), first.getMonth(), first.getDate() + i, timezone);
    if (day.getTime() / 1000 >= toUtc) break;
    const h = hours[weekdayOf(day.getDay())];
    if (!h) continue;
    const open = minutes(h.open);
    const close = minutes(h.close);
    const at = (dayOffset: number, m: number) =>
      new TZDate(
        day.getFullYear(),
        day.getMonth(),
        day.getDate() + dayOffset,
        Math.floor(m / 60),
        m % 60,
        timezone,
      ).getTime() / 1000;
    const start = Math.max(at(0, open), fromUtc);
    const end = Math.min(close > open ? at(0, close) : at(1, close), toUtc);
    if (end <= start) continue;
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/**
 * Whether a store with `hours` is open at one instant (epoch seconds); null hours = always. The
 * reference the query engines' filter (weekly rules read in the store's zone) is checked against.
 */
export function isOpenAt(hours: LocationHours | null, timezone: string, utc: number): boolean {
  if (!hours) return true;
  return openWindows(hours, timezone, utc, utc + 1).length > 0;
}

/**
 * The IANA zone of a DMA (from the shipped Nielsen list: the state of its long name), or null
 * when the code is unknown or has no zone.
 */
export function dmaTimezone(dmaCode: string): string | null {
  const row = SHIPPED_DMA_ROWS.find((r) => r.dma_code === dmaCode);
  return row ? dmaOfRow(row).tz : null;
}

/** The name of a DMA from the shipped list, or null when the code is unknown. */
export function dmaName(dmaCode: string): string | null {
  return SHIPPED_DMA_ROWS.find((r) => r.dma_code === dmaCode)?.dma_name ?? null;
}

/**
 * A week of opening hours as open intervals per ISO weekday (WeeklyOpenRule): a day's hours run
 * from its opening time to its closing time; a closing time at or before the opening time closes
 * the next day, so it gives the rest of the day and the next day's early part. Closed days give
 * nothing.
 */
export function weeklyRules(hours: LocationHours): WeeklyOpenRule[] {
  const out: WeeklyOpenRule[] = [];
  WEEKDAYS.forEach((day, i) => {
    const h = hours[day];
    if (!h) return;
    const open = minutes(h.open);
    const close = minutes(h.close);
    const isodow = i + 1;
    if (close > open) {
      out.push({ isodow, fromMin: open, toMin: close });
      return;
    }
    out.push({ isodow, fromMin: open, toMin: 1440 });
    if (close > 0) out.push({ isodow: (isodow % 7) + 1, fromMin: 0, toMin: close });
  });
  return out;
}

/**
 * The filter of a report's store visits (OpenHoursFilter): one entry per location with hours,
 * with its zone and weekly rules. Locations without hours are left out, so they count every
 * visit.
 */
export function openHoursFilter(
  locations: ReadonlyArray<{ store_id: string; timezone: string; hours: LocationHours | null }>,
): OpenHoursFilter {
  return locations
    .filter((l) => l.hours !== null)
    .map((l) => ({
      location_id: l.store_id,
      timezone: l.timezone,
      rules: weeklyRules(l.hours as LocationHours),
    }));
}
