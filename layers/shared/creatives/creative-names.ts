import type { BroadcastRow, PeriodResult } from '../contracts/report.schema';
import type { CreativeRecord } from './creatives';

/** Creative id → the name a user gave it (creatives without a name are left out). */
export function creativeNameMap(records: readonly CreativeRecord[]): Map<string, string> {
  return new Map(records.flatMap((r) => (r.name ? ([[r.creative_id, r.name]] as const) : [])));
}

/**
 * The period with the names users gave its creatives: the Creative table's row labels and every
 * row's creatives breakdown. Keys stay the post-log's values, so drill-downs, sorting by key and
 * play buttons still find the creative (spec §7 update_creatives: "rename"). A copy; the cached
 * stored view is never touched. Unchanged (same object) when no creative has a name.
 */
export function withCreativeNames<P extends Pick<PeriodResult, 'tables'>>(
  period: P,
  names: ReadonlyMap<string, string>,
): P {
  if (names.size === 0) return period;
  const rename = (row: BroadcastRow, dimension: string): BroadcastRow => ({
    ...row,
    label: dimension === 'creative' ? (names.get(row.key) ?? row.label) : row.label,
    creatives: row.creatives.map((c) => ({ ...c, creative: names.get(c.creative) ?? c.creative })),
  });
  const tables: Partial<Record<string, BroadcastRow[]>> = {};
  for (const [dimension, rows] of Object.entries(period.tables))
    tables[dimension] = rows.map((row) => rename(row, dimension));
  return { ...period, tables: tables as P['tables'] };
}
