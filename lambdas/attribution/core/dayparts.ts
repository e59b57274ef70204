import { localFields } from './local-time';
import type { Airing, StationType } from './types';

/** One daypart: [startMinute, endMinute) of the market's local clock; may wrap past midnight. */
export interface Daypart {
  /** Stable key, e.g. 'tv:prime' (TV and radio sets can share a name with different hours). */
  key: string;
  label: string;
  set: 'tv' | 'radio';
  /** Minutes after local midnight. */
  startMinute: number;
  endMinute: number;
}

const hm = (h: number, m = 0) => h * 60 + m;

/**
 * THE daypart table (spec §2 "daypart" tabs; research note §1.2 Nielsen/Next90 day parts).
 * All times are the MARKET'S LOCAL clock (Airing.tz), written in the Eastern/Pacific convention.
 * In Central and Mountain markets the networks air the evening an hour earlier (prime 7-10 pm),
 * so there the TV set's afternoon and evening dayparts start an hour earlier too: see
 * {@link daypartAt}. Radio drive times are the same local hours everywhere.
 * TV set (also cable, streaming): the standard broadcast dayparts, broadcast day starting 06:00.
 * Radio set (radio, podcast): the standard drive-time dayparts.
 * Each set covers all 24 hours exactly once; order = broadcast-day order (report sort order).
 */
export const DAYPARTS: readonly Daypart[] = [
  {
    key: 'tv:early_morning',
    label: 'Early Morning',
    set: 'tv',
    startMinute: hm(6),
    endMinute: hm(9),
  },
  { key: 'tv:daytime', label: 'Daytime', set: 'tv', startMinute: hm(9), endMinute: hm(16) },
  {
    key: 'tv:early_fringe',
    label: 'Early Fringe',
    set: 'tv',
    startMinute: hm(16),
    endMinute: hm(18),
  },
  { key: 'tv:early_news', label: 'Early News', set: 'tv', startMinute: hm(18), endMinute: hm(19) },
  {
    key: 'tv:prime_access',
    label: 'Prime Access',
    set: 'tv',
    startMinute: hm(19),
    endMinute: hm(20),
  },
  { key: 'tv:prime', label: 'Prime', set: 'tv', startMinute: hm(20), endMinute: hm(23) },
  {
    key: 'tv:late_news',
    label: 'Late News',
    set: 'tv',
    startMinute: hm(23),
    endMinute: hm(23, 35),
  },
  {
    key: 'tv:late_fringe',
    label: 'Late Fringe',
    set: 'tv',
    startMinute: hm(23, 35),
    endMinute: hm(1),
  },
  { key: 'tv:overnight', label: 'Overnight', set: 'tv', startMinute: hm(1), endMinute: hm(6) },
  {
    key: 'radio:morning_drive',
    label: 'Morning Drive',
    set: 'radio',
    startMinute: hm(6),
    endMinute: hm(10),
  },
  { key: 'radio:midday', label: 'Midday', set: 'radio', startMinute: hm(10), endMinute: hm(15) },
  {
    key: 'radio:afternoon_drive',
    label: 'Afternoon Drive',
    set: 'radio',
    startMinute: hm(15),
    endMinute: hm(19),
  },
  { key: 'radio:evening', label: 'Evening', set: 'radio', startMinute: hm(19), endMinute: hm(24) },
  {
    key: 'radio:overnight',
    label: 'Overnight',
    set: 'radio',
    startMinute: hm(0),
    endMinute: hm(6),
  },
];

/** Which daypart set a station type uses: radio and podcast → radio, everything else → TV. */
export function daypartSetOf(type: StationType): 'tv' | 'radio' {
  return type === 'radio' || type === 'podcast' ? 'radio' : 'tv';
}

/** US zones whose TV evening runs an hour earlier than Eastern/Pacific (Central and Mountain). */
const EARLY_EVENING_ZONES = new Set([
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Boise',
  'America/Menominee',
  'America/Indiana/Knox',
  'America/Indiana/Tell_City',
  'America/North_Dakota/Center',
  'America/North_Dakota/New_Salem',
  'America/North_Dakota/Beulah',
]);

/**
 * Minutes to add to a Central or Mountain local clock to read it on the Eastern/Pacific TV grid:
 * 60 from 15:00 to 01:00 (Daytime ends at 3 pm, Prime is 7-10 pm, Late News 10 pm), else 0.
 */
function tvGridShift(minuteOfDay: number, tz: string | undefined): number {
  if (!tz || !EARLY_EVENING_ZONES.has(tz)) return 0;
  return minuteOfDay >= 15 * 60 || minuteOfDay < 60 ? 60 : 0;
}

/**
 * `minuteOfDay` (0..1439, the market's local clock) read on the set's grid: shifted an hour later
 * for TV in Central and Mountain markets, unchanged otherwise. daypartAt(m, set, tz) ===
 * daypartAt(gridMinute(m, set, tz), set): the report memoises rows by this value.
 */
export function gridMinute(minuteOfDay: number, set: 'tv' | 'radio', tz?: string): number {
  return set === 'tv' ? (minuteOfDay + tvGridShift(minuteOfDay, tz)) % 1440 : minuteOfDay;
}

/**
 * The daypart containing `minuteOfDay` (0..1439, the market's local clock) in the given set.
 * `tz` (IANA) moves the TV grid an hour earlier in Central and Mountain markets.
 */
export function daypartAt(minuteOfDay: number, set: 'tv' | 'radio', tz?: string): Daypart {
  minuteOfDay = gridMinute(minuteOfDay, set, tz);
  for (const d of DAYPARTS) {
    if (d.set !== set) continue;
    const inside =
      d.startMinute < d.endMinute
        ? minuteOfDay >= d.startMinute && minuteOfDay < d.endMinute
        : minuteOfDay >= d.startMinute || minuteOfDay < d.endMinute;
    if (inside) return d;
  }
  throw new Error(`no daypart for minute ${minuteOfDay} in set ${set}`);
}

/** The daypart of an airing, from its start in the market's local time (Airing.tz). */
export function daypartOf(a: Airing): Daypart {
  return daypartAt(localFields(a.startUtc, a.tz).minuteOfDay, daypartSetOf(a.stationType), a.tz);
}

/** 'HH:MM' of a daypart's start (BroadcastRow.daypart_start). */
export function daypartStart(d: Daypart): string {
  const h = Math.floor(d.startMinute / 60) % 24;
  const m = d.startMinute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Sort rank of a daypart: broadcast-day order within its set (TV set first). */
export function daypartRank(key: string): number {
  const i = DAYPARTS.findIndex((d) => d.key === key);
  return i < 0 ? DAYPARTS.length : i;
}
