import type { TopTenRow } from '#shared/contracts/ratings.schema';

export { formatRating, formatRatingInterval } from '../lib/rating-format';

/**
 * The ratings screens' words around a rating: interval words for screen readers, movement and
 * change. The rating and its interval are written by `lib/rating-format` (shared with the ratings
 * site and the landing preview). Pure functions; any number in, never throws.
 */

/** The words a screen reader hears for an interval: "interval 98 to 130 at 94% confidence". */
export function intervalWords(low: number, high: number, level?: number): string {
  const at = level ? ` at ${Math.round(level * 100)}% confidence` : '';
  return `interval ${Math.round(low)} to ${Math.round(high)}${at}`;
}

/** A top-ten row's movement since the previous period, as shown and as read aloud. */
export interface Movement {
  /** '▲ 2', '▼ 1', 'new' or '–' (same rank). */
  text: string;
  /** 'Up 2 places since last period', 'New in the top ten', 'Same place as last period'. */
  words: string;
  tone: 'up' | 'down' | 'new' | 'same';
}

/** The movement of a top-ten row (`movement` = previous rank − rank; null = new to the list). */
export function movementOf(row: Pick<TopTenRow, 'movement'>): Movement {
  const m = row.movement;
  if (m === null) return { text: 'new', words: 'New in the top ten', tone: 'new' };
  if (m > 0)
    return { text: `▲ ${m}`, words: `Up ${m} ${m === 1 ? 'place' : 'places'}`, tone: 'up' };
  if (m < 0) {
    const n = -m;
    return { text: `▼ ${n}`, words: `Down ${n} ${n === 1 ? 'place' : 'places'}`, tone: 'down' };
  }
  return { text: '–', words: 'Same place as last period', tone: 'same' };
}

/** A rating's change against the previous period: `+4.2`, `−3.0`, or '' when none. */
export function ratingChange(rating: number, previous: number | null): string {
  if (previous === null || !Number.isFinite(previous)) return '';
  const d = rating - previous;
  if (Math.abs(d) < 0.05) return '±0.0';
  return `${d > 0 ? '+' : '−'}${Math.abs(d).toFixed(1)}`;
}
