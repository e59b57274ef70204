/**
 * Comparison-period arithmetic for the KPI tiles (issue #4 "Summary: change vs the comparison
 * period"; house-style item 14: colours flip where lower is better). Pure.
 */

/** Which direction is good for a figure: most go `up`; costs go `down`. */
export type Better = 'up' | 'down';

/** Changes smaller than this (half a percent) count as flat. */
export const FLAT_CHANGE = 0.005;

/**
 * The relative change from `compare` to `value` as a fraction ((v - c) / |c|). `null` when there
 * is no comparison value or it is 0 (no meaningful ratio) or either is not finite.
 */
export function relativeChange(value: number, compare: number | null | undefined): number | null {
  if (compare === null || compare === undefined) return null;
  if (!Number.isFinite(value) || !Number.isFinite(compare) || compare === 0) return null;
  return (value - compare) / Math.abs(compare);
}

/** The tone of a change: good, bad, or flat (also for no change known). */
export function changeTone(change: number | null, better: Better): 'good' | 'bad' | 'flat' {
  if (change === null || Math.abs(change) < FLAT_CHANGE) return 'flat';
  return change > 0 === (better === 'up') ? 'good' : 'bad';
}
