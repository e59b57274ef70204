import { ValidationError } from '#shared/errors';

/** Seconds per UTC day. */
export const DAY_S = 86_400;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Epoch seconds (UTC) of 00:00 on a YYYY-MM-DD date.
 * @throws ValidationError naming `field` when the text is not a real calendar date.
 */
export function dayStartUtc(date: string, field: string): number {
  const m = DATE_RE.exec(date);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new ValidationError(`${field} must be a date written YYYY-MM-DD.`, field);
  }
  return ms / 1000;
}

/** The UTC date (YYYY-MM-DD) of an epoch-seconds instant or an ISO-8601 string. */
export function utcDate(instant: number | string): string {
  const ms = typeof instant === 'number' ? instant * 1000 : Date.parse(instant);
  return new Date(ms).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date shown the spec's way, M/D/Y as MM/DD/YYYY (spec §9). */
export function showDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
}

/**
 * The half-open epoch range [fromUtc, toUtc) of inclusive report dates (UTC days).
 * `fields` names the two inputs in errors (default date_start, date_end; the comparison period
 * uses compare_date_start, compare_date_end).
 * @throws ValidationError naming the field when a date is malformed or the start is after the end.
 */
export function reportRange(
  dateStart: string,
  dateEnd: string,
  fields: readonly [string, string] = ['date_start', 'date_end'],
): { fromUtc: number; toUtc: number } {
  const [startField, endField] = fields;
  const fromUtc = dayStartUtc(dateStart, startField);
  const toUtc = dayStartUtc(dateEnd, endField) + DAY_S;
  if (toUtc <= fromUtc) {
    throw new ValidationError(`${endField} must be on or after ${startField}.`, endField);
  }
  return { fromUtc, toUtc };
}

/** Error field names of the comparison period's dates. */
export const COMPARE_FIELDS = ['compare_date_start', 'compare_date_end'] as const;

/**
 * The default comparison period: the inclusive dates of the period of equal length
 * that ends the day before date_start (a 7-day report compares with the 7 days before it).
 * @throws ValidationError when the report dates are invalid (see {@link reportRange}).
 */
export function defaultCompareDates(
  dateStart: string,
  dateEnd: string,
): { compare_date_start: string; compare_date_end: string } {
  const { fromUtc, toUtc } = reportRange(dateStart, dateEnd);
  return {
    compare_date_start: utcDate(fromUtc - (toUtc - fromUtc)),
    compare_date_end: utcDate(fromUtc - DAY_S),
  };
}
