/**
 * The tone of a comparison-period change on the KPI tiles (house-style item 14: colours flip
 * where lower is better); the change itself is layers/shared/report/compare.ts. Pure.
 */

/** Which direction is good for a figure: most go `up`; costs go `down`. */
export type Better = 'up' | 'down';

/** Changes smaller than this (half a percent) count as flat. */
export const FLAT_CHANGE = 0.005;

/** The tone of a change: good, bad, or flat (also for no change known). */
export function changeTone(change: number | null, better: Better): 'good' | 'bad' | 'flat' {
  if (change === null || Math.abs(change) < FLAT_CHANGE) return 'flat';
  return change > 0 === (better === 'up') ? 'good' : 'bad';
}
