/**
 * The statistics of a rating: the median of the voices' indexes and its distribution-free
 * interval from order statistics (the binomial sign-test interval: for n values sorted
 * x(1) ≤ … ≤ x(n), [x(k), x(n−k+1)] covers the true median with probability
 * 1 − 2·P(B ≤ k−1), B ~ Binomial(n, 1/2)). Pure.
 */

/** The smallest coverage an interval is reported at. */
export const MIN_INTERVAL_LEVEL = 0.9;

/** Median of a non-empty list (mean of the middle two when even). @throws Error when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1
    ? (s[mid] as number)
    : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Rounded to one decimal (ratings and their bounds are shown so). */
export const round1 = (x: number): number => Math.round(x * 10) / 10;

/** P(B ≤ j) for B ~ Binomial(n, 1/2), summed in log space (no underflow for large n). */
function binomialCdfHalf(n: number, j: number): number {
  if (j < 0) return 0;
  let logPmf = -n * Math.LN2;
  let sum = Math.exp(logPmf);
  for (let i = 0; i < j; i++) {
    logPmf += Math.log((n - i) / (i + 1));
    sum += Math.exp(logPmf);
  }
  return Math.min(1, sum);
}

/** The interval of a median: bounds and the coverage they have. */
export interface MedianInterval {
  low: number;
  high: number;
  /** Coverage probability of [low, high], e.g. 0.9375 for [min, max] of 5 values. */
  level: number;
}

/**
 * The narrowest order-statistic interval of the median whose coverage is at least
 * {@link MIN_INTERVAL_LEVEL}: the largest k with 1 − 2·P(B ≤ k−1) ≥ 0.90; [min, max] (with its
 * lower coverage) when even that falls short (n ≤ 4).
 * @param values at least one value, any order.
 * @throws Error when empty.
 */
export function medianInterval(values: readonly number[]): MedianInterval {
  if (values.length === 0) throw new Error('interval of nothing');
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  const coverage = (k: number) => 1 - 2 * binomialCdfHalf(n, k - 1);
  let k = 1;
  while (k + 1 <= Math.floor((n + 1) / 2) && coverage(k + 1) >= MIN_INTERVAL_LEVEL) k += 1;
  return { low: s[k - 1] as number, high: s[n - k] as number, level: coverage(k) };
}
