import type { BroadcastRow, DimensionKey } from '../contracts/report.schema';
import { visibleRows, vpaInterval } from './table-rows';

/**
 * Top-performer summaries (spec §2 "top-performers summaries"): the best station,
 * daypart, day, program and creative by VPA. Pure.
 *
 * Honesty rules: only rows with at least TOP_MIN_ADS airings compete (a single lucky airing is
 * not a winner); rows flagged directional (too little volume for a firm answer) compete only
 * when no solid row qualifies, and the pick then says so; a table with fewer than two
 * qualifying rows has no "best".
 */

/** Fewest airings a row needs to be named a top performer. */
export const TOP_MIN_ADS = 5;

/** The summaries in display order: dimension and its title. */
export const TOP_DIMENSIONS: ReadonlyArray<{ key: DimensionKey; title: string }> = [
  { key: 'station', title: 'Best station' },
  { key: 'daypart', title: 'Best daypart' },
  { key: 'day_of_week', title: 'Best day' },
  { key: 'program', title: 'Best program' },
  { key: 'creative', title: 'Best creative' },
];

/** One top performer. */
export interface TopPerformer {
  dimension: DimensionKey;
  title: string;
  row: BroadcastRow;
  /** Picked among directional rows only: the order may not hold up with more airings. */
  directional: boolean;
  /** 95% interval of the VPA (visits per airing). */
  interval: { low: number; high: number } | null;
  /** How many rows competed. */
  competitors: number;
}

/** The best row of one table under the rules above, or null. */
export function bestRow(
  dimension: DimensionKey,
  rows: readonly BroadcastRow[],
): Omit<TopPerformer, 'title'> | null {
  const enough = visibleRows(dimension, rows).filter((r) => r.ads >= TOP_MIN_ADS);
  if (enough.length < 2) return null;
  const solid = enough.filter((r) => !r.directional);
  const pool = solid.length > 0 ? solid : enough;
  const row = pool.reduce((best, r) => (r.visitsper > best.visitsper ? r : best));
  return {
    dimension,
    row,
    directional: solid.length === 0,
    interval: vpaInterval(row),
    competitors: pool.length,
  };
}

/** The top performers of a report's tables, in TOP_DIMENSIONS order; missing ones skipped. */
export function topPerformers(
  tables: Partial<Record<DimensionKey, readonly BroadcastRow[]>>,
): TopPerformer[] {
  return TOP_DIMENSIONS.flatMap(({ key, title }) => {
    const best = bestRow(key, tables[key] ?? []);
    return best ? [{ ...best, title }] : [];
  });
}
