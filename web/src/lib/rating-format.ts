/**
 * How every ratings screen (the app's ratings pages, the ratings site, the landing preview) writes
 * a rating and its interval (spec §9 number display; the ratings contract's "rating: the median
 * index, 1 decimal"). Pure functions; any number in, never throws.
 */

/** A rating with 1 decimal: `112.04` -> `"112.0"`; not a finite number -> `"–"`. */
export function formatRating(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(1) : '–';
}

/**
 * A whole index point, negatives with a true minus sign so "−2–130" does not read as a range
 * from 2. The interval's ends are order statistics of the voices' indexes, so tenths there would
 * claim a precision the interval does not have.
 */
function whole(value: number): string {
  const n = Math.round(value);
  return n < 0 ? `−${-n}` : String(n);
}

/** An interval in whole index points: "98–130", "−2–98". */
export function formatInterval(low: number, high: number): string {
  return `${whole(low)}–${whole(high)}`;
}

/** A rating with its interval: `"112.4 (98–130)"` (rating at 1 decimal, ends whole). */
export function formatRatingInterval(rating: number, low: number, high: number): string {
  return `${formatRating(rating)} (${formatInterval(low, high)})`;
}
