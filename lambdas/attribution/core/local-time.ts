/**
 * Market-local calendar fields from UTC instants, with a per-(time zone, UTC hour) offset cache so
 * hundreds of thousands of lookups cost one Intl call per hour of data (US offsets change only on
 * whole UTC hours). Source: spec §2 report tabs (dayparts, days, weeks, months in market time).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
const caches = new Map<string, Map<number, number>>();
let lastTz = '';
let lastHour = Number.NaN;
let lastOffset = 0;

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

/**
 * UTC offset of `tz` at `utcSeconds`, in seconds (e.g. −14400 for New York in summer).
 * @throws RangeError for an unknown IANA zone (from Intl).
 */
export function tzOffsetSeconds(tz: string, utcSeconds: number): number {
  const hour = Math.floor(utcSeconds / 3600);
  // Callers walk airings or minutes of one zone at a time: the last (zone, hour) answers most calls.
  if (tz === lastTz && hour === lastHour) return lastOffset;
  let cache = caches.get(tz);
  if (!cache) {
    cache = new Map();
    caches.set(tz, cache);
  }
  let off = cache.get(hour);
  if (off === undefined) {
    off = offsetFromIntl(tz, hour);
    cache.set(hour, off);
  }
  lastTz = tz;
  lastHour = hour;
  lastOffset = off;
  return off;
}

/** UTC offset in seconds of `tz` at the start of UTC hour `hour` (one Intl call). */
function offsetFromIntl(tz: string, hour: number): number {
  const parts = formatter(tz).formatToParts(new Date(hour * 3600 * 1000));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round(asUtc / 1000 - hour * 3600);
}

/** Calendar fields of an instant in a market's local time. */
export interface LocalFields {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
  /** ISO weekday 1 = Monday .. 7 = Sunday. */
  weekday: number;
  /** Minutes since local midnight, 0..1439. */
  minuteOfDay: number;
  /** ISO-8601 week number 1..53 and its week-year. */
  isoWeek: number;
  isoWeekYear: number;
  /** Days since 1970-01-01 in local time (a local-day key). */
  dayIndex: number;
}

/** Civil date of a day count since 1970-01-01 (H. Hinnant's algorithm; no Date objects). */
function civil(days: number): { y: number; m: number; d: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

/** Days since 1970-01-01 of January 1st of year y. */
function jan1(y: number): number {
  const yy = y - 1;
  return 365 * (y - 1970) + Math.floor(yy / 4) - Math.floor(yy / 100) + Math.floor(yy / 400) - 477;
}

/** Local calendar fields of `utcSeconds` in `tz` (see {@link LocalFields}). */
export function localFields(utcSeconds: number, tz: string): LocalFields {
  const local = utcSeconds + tzOffsetSeconds(tz, utcSeconds);
  const dayIndex = Math.floor(local / 86400);
  // The calendar part depends on the local day only: callers walk airings in time order.
  if (dayIndex !== lastDay.dayIndex) lastDay = calendarDay(dayIndex);
  const d = lastDay;
  return {
    year: d.year,
    month: d.month,
    day: d.day,
    weekday: d.weekday,
    minuteOfDay: Math.floor((local - dayIndex * 86400) / 60),
    isoWeek: d.isoWeek,
    isoWeekYear: d.isoWeekYear,
    dayIndex,
  };
}

type CalendarDay = Omit<LocalFields, 'minuteOfDay'>;

/** Calendar fields of a local day number (days since 1970-01-01). */
function calendarDay(dayIndex: number): CalendarDay {
  const c = civil(dayIndex);
  const weekday = ((((dayIndex + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday
  // ISO week: the Thursday of this week decides the year.
  const thursday = dayIndex + (4 - weekday);
  const ty = civil(thursday).y;
  return {
    year: c.y,
    month: c.m,
    day: c.d,
    weekday,
    isoWeek: Math.floor((thursday - jan1(ty)) / 7) + 1,
    isoWeekYear: ty,
    dayIndex,
  };
}

let lastDay: CalendarDay = calendarDay(0);

const pad2 = (v: number) => (v < 10 ? `0${v}` : String(v));
let isoDay = Number.NaN;
let isoDayText = '';

/**
 * `new Date(utcSeconds * 1000).toISOString()` ('2016-09-01T18:30:00.000Z'), several times faster
 * for whole seconds in years 1970..9999 (the date part is memoised per UTC day; report documents
 * format ~85k airing starts). Other inputs go through Date (same text, same RangeError).
 */
export function isoUtc(utcSeconds: number): string {
  if (!Number.isInteger(utcSeconds) || utcSeconds < 0 || utcSeconds >= 253402300800) {
    return new Date(utcSeconds * 1000).toISOString();
  }
  const day = Math.floor(utcSeconds / 86400);
  if (day !== isoDay) {
    const c = civil(day);
    isoDay = day;
    isoDayText = `${c.y}-${pad2(c.m)}-${pad2(c.d)}T`;
  }
  const s = utcSeconds - day * 86400;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s - h * 3600) / 60);
  return `${isoDayText}${pad2(h)}:${pad2(m)}:${pad2(s - h * 3600 - m * 60)}.000Z`;
}
