import type { TopTenRow } from '#shared/contracts/ratings.schema';
import { formatInterval } from '../lib/rating-format';

export { formatInterval };

/**
 * How the ratings site writes its numbers (spec §9 percent display: ratings are indexes, one
 * decimal; intervals whole numbers, "112.4 (98–130)").
 */

/** A rating with one decimal: 112.4. */
export function formatRating(rating: number): string {
  return rating.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** A rating and its interval: "112.4 (98–130)". */
export function formatRatingWithInterval(rating: number, low: number, high: number): string {
  return `${formatRating(rating)} (${formatInterval(low, high)})`;
}

/** A period 'YYYY-MM' as "March 2026" (the month, UTC, so no time zone shifts it). */
export function formatPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A period 'YYYY-MM' as "Mar 2026", for chart ticks. */
export function formatPeriodShort(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A top-ten row's movement as shown and as read out: ▲2 "up 2", ▼1 "down 1", new, =. */
export function movementOf(row: Pick<TopTenRow, 'movement'>): { text: string; label: string } {
  const { movement } = row;
  if (movement === null) return { text: 'new', label: 'new in the top ten' };
  if (movement > 0) return { text: `▲${movement}`, label: `up ${movement}` };
  if (movement < 0) return { text: `▼${-movement}`, label: `down ${-movement}` };
  return { text: '=', label: 'same place' };
}
