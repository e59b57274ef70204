import { daypartAt, daypartRank, daypartSetOf, daypartStart } from './dayparts';
import { type LocalFields, localFields } from './local-time';
import type { Airing, Dimension } from './types';

/** Where an airing falls in one report dimension. */
export interface RowKey {
  key: string;
  label: string;
  /** Natural order for calendar dimensions (smaller first); null = sort by VPA. */
  order: number | null;
  /** 'HH:MM' for daypart rows, else null. */
  daypartStart: string | null;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Spot length label in the trade's form: ':15', ':30', ':60', '2:00'. */
export function spotLengthLabel(seconds: number): string {
  if (seconds <= 60) return `:${String(seconds).padStart(2, '0')}`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function plain(v: string | null): RowKey | null {
  return v === null || v.trim() === ''
    ? null
    : { key: v, label: v, order: null, daypartStart: null };
}

/**
 * The row of `a` in `dim` (spec §2 report tabs), in the market's LOCAL time for calendar
 * dimensions: daypart (see DAYPARTS), day of week (Mon..Sun), day of month, ISO week, month of year.
 * `fields` = localFields(a.startUtc, a.tz) when the caller has it (speed).
 * Returns null when the airing has no value (no network, program, cable zone or creative), or for
 * radio programs named with 1 character or fewer (spec §9).
 */
export function rowKeyOf(a: Airing, dim: Dimension, fields?: LocalFields): RowKey | null {
  const f: LocalFields | null =
    fields ??
    (dim === 'station' ||
    dim === 'network' ||
    dim === 'program' ||
    dim === 'cable_zone' ||
    dim === 'creative' ||
    dim === 'spot_length'
      ? null
      : localFields(a.startUtc, a.tz));
  switch (dim) {
    case 'daypart': {
      const d = daypartAt((f as LocalFields).minuteOfDay, daypartSetOf(a.stationType), a.tz);
      return {
        key: d.key,
        label: d.label,
        order: daypartRank(d.key),
        daypartStart: daypartStart(d),
      };
    }
    case 'day_of_week': {
      const w = (f as LocalFields).weekday;
      return { key: String(w), label: WEEKDAYS[w - 1] ?? '', order: w, daypartStart: null };
    }
    case 'day_of_month': {
      const d = (f as LocalFields).day;
      return { key: String(d), label: String(d), order: d, daypartStart: null };
    }
    case 'week_number': {
      const lf = f as LocalFields;
      const key = `${lf.isoWeekYear}-W${String(lf.isoWeek).padStart(2, '0')}`;
      return {
        key,
        label: `Week ${lf.isoWeek}`,
        order: lf.isoWeekYear * 100 + lf.isoWeek,
        daypartStart: null,
      };
    }
    case 'month_of_year': {
      const m = (f as LocalFields).month;
      return {
        key: String(m).padStart(2, '0'),
        label: MONTHS[m - 1] ?? '',
        order: m,
        daypartStart: null,
      };
    }
    case 'station':
      return plain(a.station);
    case 'network':
      return plain(a.network);
    case 'program':
      if (a.stationType === 'radio' && (a.program ?? '').trim().length <= 1) return null;
      return plain(a.program);
    case 'cable_zone':
      return plain(a.cableZone);
    case 'creative':
      return plain(a.creative);
    case 'spot_length':
      return {
        key: String(a.lengthS),
        label: spotLengthLabel(a.lengthS),
        order: null,
        daypartStart: null,
      };
  }
}
