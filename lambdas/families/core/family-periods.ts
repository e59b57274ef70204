import {
  addDays,
  addMonths,
  addQuarters,
  differenceInCalendarDays,
  eachWeekOfInterval,
  endOfMonth,
  endOfQuarter,
  format,
  getISOWeek,
  getISOWeekYear,
  parseISO,
  subMonths,
  subQuarters,
  subYears,
} from 'date-fns';
import { ValidationError } from '#shared/errors';

/**
 * Calendar periods of the generated families: months (YYYY-MM) and quarters (YYYY-Qn) as
 * inclusive days YYYY-MM-DD (the report's own dates: UTC days), the periods they compare with
 * (the one before, the same one a year before) and the ISO weeks of a quarter. Pure.
 */

/** Inclusive days of a period and how it is named ("November 2026", "Q3 2026"). */
export interface FamilyPeriod {
  key: string;
  start: string;
  end: string;
  label: string;
}

const day = (d: Date) => format(d, 'yyyy-MM-dd');

/**
 * A calendar month. @throws ValidationError naming `month` when not YYYY-MM.
 */
export function monthPeriod(month: string): FamilyPeriod {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw new ValidationError('month must be YYYY-MM.', 'month');
  const first = parseISO(`${month}-01`);
  return {
    key: month,
    start: day(first),
    end: day(endOfMonth(first)),
    label: format(first, 'MMMM yyyy'),
  };
}

/** The month before and the same month a year before. */
export function monthComparisons(month: string): { prev: FamilyPeriod; yoy: FamilyPeriod } {
  const first = parseISO(`${month}-01`);
  return {
    prev: monthPeriod(format(subMonths(first, 1), 'yyyy-MM')),
    yoy: monthPeriod(format(subYears(first, 1), 'yyyy-MM')),
  };
}

/**
 * A calendar quarter (Q1 = January-March). @throws ValidationError naming `quarter` when not
 * YYYY-Qn.
 */
export function quarterPeriod(quarter: string): FamilyPeriod {
  const m = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!m) throw new ValidationError('quarter must be YYYY-Qn.', 'quarter');
  const first = new Date(Number(m[1]), (Number(m[2]) - 1) * 3, 1);
  return {
    key: quarter,
    start: day(first),
    end: day(endOfQuarter(first)),
    label: `Q${m[2]} ${m[1]}`,
  };
}

/** The quarter key (YYYY-Qn) of a local date. */
export function quarterOf(date: string): string {
  const d = parseISO(date);
  return `${d.getFullYear()}-Q${Math.floor(d.getMonth() / 3) + 1}`;
}

/** The quarter before and the same quarter a year before. */
export function quarterComparisons(quarter: string): { prev: FamilyPeriod; yoy: FamilyPeriod } {
  const first = parseISO(quarterPeriod(quarter).start);
  return {
    prev: quarterPeriod(quarterOf(day(subQuarters(first, 1)))),
    yoy: quarterPeriod(quarterOf(day(addQuarters(first, -4)))),
  };
}

/**
 * The part of `comparison` matching the part `part` of `period` covers: the same day offsets from
 * each period's first day (for months, the same days of the month), clamped to the comparison's
 * last day, so a 10-day campaign flight compares with 10 days, not a whole month. The label names
 * the days ("September 10-30, 2026"). Returns `comparison` itself when `part` is all of `period`.
 */
export function sameDaysOf(
  period: Pick<FamilyPeriod, 'start' | 'end'>,
  part: Pick<FamilyPeriod, 'start' | 'end'>,
  comparison: FamilyPeriod,
): FamilyPeriod {
  if (part.start === period.start && part.end === period.end) return comparison;
  const first = parseISO(period.start);
  const cFirst = parseISO(comparison.start);
  const last = comparison.end;
  const at = (date: string) => {
    const d = day(addDays(cFirst, differenceInCalendarDays(parseISO(date), first)));
    return d > last ? last : d;
  };
  const start = at(part.start);
  const end = at(part.end);
  return { key: `${start}..${end}`, start, end, label: daysLabel(start, end) };
}

/** "September 10-30, 2026", "March 30-April 2, 2026" or "December 30, 2025-January 2, 2026". */
function daysLabel(start: string, end: string): string {
  const s = parseISO(start);
  const e = parseISO(end);
  if (start === end) return format(s, 'MMMM d, yyyy');
  if (start.slice(0, 7) === end.slice(0, 7))
    return `${format(s, 'MMMM d')}-${format(e, 'd, yyyy')}`;
  if (start.slice(0, 4) === end.slice(0, 4))
    return `${format(s, 'MMMM d')}-${format(e, 'MMMM d, yyyy')}`;
  return `${format(s, 'MMMM d, yyyy')}-${format(e, 'MMMM d, yyyy')}`;
}

/** One ISO week (Monday-Sunday) touching a period: its report key (`2026-W27`) and Monday. */
export interface IsoWeek {
  key: string;
  monday: string;
}

/**
 * The ISO weeks (Monday to Sunday) that touch a period, in order; keys as the report's
 * week_number rows write them (`<ISO week year>-W<2 digits>`).
 */
export function isoWeeksOf(period: Pick<FamilyPeriod, 'start' | 'end'>): IsoWeek[] {
  return eachWeekOfInterval(
    { start: parseISO(period.start), end: parseISO(period.end) },
    { weekStartsOn: 1 },
  ).map((monday) => ({
    key: `${getISOWeekYear(monday)}-W${String(getISOWeek(monday)).padStart(2, '0')}`,
    monday: day(monday),
  }));
}

/** The months (YYYY-MM) between two local dates inclusive, newest first. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let d = parseISO(`${last.slice(0, 7)}-01`);
  const stop = `${first.slice(0, 7)}`;
  while (format(d, 'yyyy-MM') >= stop) {
    out.push(format(d, 'yyyy-MM'));
    d = addMonths(d, -1);
  }
  return out;
}

/** The quarters (YYYY-Qn) of a list of months, newest first, each once. */
export function quartersOfMonths(months: readonly string[]): string[] {
  return [...new Set(months.map((m) => quarterOf(`${m}-01`)))].sort().reverse();
}

/** The day after a date (YYYY-MM-DD). */
export const nextDay = (date: string) => day(addDays(parseISO(date), 1));
