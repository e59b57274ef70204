import type { BroadcastRow } from '../contracts/report.schema';

/**
 * The rows a broadcast table shows (spec §9 "Radio program rows with names of 1 character or
 * fewer are dropped"; spec §3 Filters has_spots). Pure; the input is not changed.
 * - program rows of radio stations whose name is 1 character or less (trimmed) are dropped;
 * - with `hasSpots`, rows without airings (ads 0) are dropped.
 * @default hasSpots true
 */
export function visibleRows(
  dimension: string,
  rows: readonly BroadcastRow[],
  hasSpots = true,
): BroadcastRow[] {
  return rows.filter((row) => {
    if (hasSpots && row.ads <= 0) return false;
    return !(dimension === 'program' && row.type === 'radio' && row.label.trim().length <= 1);
  });
}

/**
 * The 95% interval of a row's VPA in visits per airing, from the interval of its attributed
 * visits (ci_low/ci_high are of Σ visits); null without airings.
 */
export function vpaInterval(row: BroadcastRow): { low: number; high: number } | null {
  if (row.ads <= 0) return null;
  return { low: row.ci_low / row.ads, high: row.ci_high / row.ads };
}
