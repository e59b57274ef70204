import { ValidationError } from '../../../layers/shared/errors';

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
 * @throws ValidationError when a date is malformed or date_start is after date_end.
 */
export function reportRange(
  dateStart: string,
  dateEnd: string,
): { fromUtc: number; toUtc: number } {
  const fromUtc = dayStartUtc(dateStart, 'date_start');
  const toUtc = dayStartUtc(dateEnd, 'date_end') + DAY_S;
  if (toUtc <= fromUtc) {
    throw new ValidationError('date_end must be on or after date_start.', 'date_end');
  }
  return { fromUtc, toUtc };
}
