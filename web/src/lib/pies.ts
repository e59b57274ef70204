import type { BroadcastRow, DimensionKey } from '#shared/contracts/report.schema';
import { floorAtZero } from '#shared/format';
import { visibleRows } from '#shared/report/table-rows';

/**
 * Pie data per range (spec §3 Report "pie_data"; spec §2 "Pie data per range (daypart, week,
 * month, week_num, year)"), built from the tables: each range's share of attributed visits.
 * Ranges map onto tables: daypart -> daypart, week -> day of week, month -> day of month,
 * week_num -> week number, year -> month of year. Pure.
 */
export const PIE_RANGES: ReadonlyArray<{
  range: 'daypart' | 'week' | 'month' | 'week_num' | 'year';
  dimension: DimensionKey;
  title: string;
}> = [
  { range: 'daypart', dimension: 'daypart', title: 'By daypart' },
  { range: 'week', dimension: 'day_of_week', title: 'By day of week' },
  { range: 'month', dimension: 'day_of_month', title: 'By day of month' },
  { range: 'week_num', dimension: 'week_number', title: 'By week' },
  { range: 'year', dimension: 'month_of_year', title: 'By month' },
];

/** Most slices per pie; the rest merge into "Other". */
export const PIE_MAX_SLICES = 7;

/** One slice: visits floored at 0 (negative estimates take no room) and the share 0..1. */
export interface PieSlice {
  key: string;
  label: string;
  visits: number;
  share: number;
}

/**
 * A pie of `rows` by attributed visits: rows in their own order unless there are more than
 * PIE_MAX_SLICES, then the biggest PIE_MAX_SLICES - 1 and "Other". Empty when nothing is
 * above zero (a pie of nothing would mislead).
 */
export function pieSlices(dimension: string, rows: readonly BroadcastRow[]): PieSlice[] {
  const positive = visibleRows(dimension, rows)
    .map((r) => ({ key: r.key, label: r.label, visits: floorAtZero(r.traffic) }))
    .filter((s) => s.visits > 0);
  const total = positive.reduce((a, s) => a + s.visits, 0);
  if (total === 0) return [];
  let slices = positive;
  if (positive.length > PIE_MAX_SLICES) {
    const ranked = [...positive].sort((a, b) => b.visits - a.visits);
    const kept = new Set(ranked.slice(0, PIE_MAX_SLICES - 1).map((s) => s.key));
    const other = ranked.slice(PIE_MAX_SLICES - 1).reduce((a, s) => a + s.visits, 0);
    slices = [
      ...positive.filter((s) => kept.has(s.key)),
      { key: '__other', label: 'Other', visits: other },
    ];
  }
  return slices.map((s) => ({ ...s, share: s.visits / total }));
}
