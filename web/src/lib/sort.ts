import type { BroadcastRow } from '#shared/contracts/report.schema';
import { dimensionInfo } from '#shared/report/dimensions';

/**
 * Sorting for broadcast tables. Pure; sorts on the RAW signed values (what is shown is floored
 * at zero, which keeps the same order). Source: spec §9 "Report defaults: sort
 * visits_per_airing descending"; calendar tabs keep their natural order until clicked.
 */

/** The sortable columns of a broadcast table. */
export const SORT_KEYS = [
  'label',
  'ads',
  'traffic',
  'visitsper',
  'contribution',
  'cost_per_visit_cents',
  'volume_share',
  'traffic_share',
  'visitsper_share',
  'roi_raw',
  'impressions',
  'visits_per_impression',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export type SortDir = 'asc' | 'desc';

/** A column and direction; `null` means the rows' natural (engine) order. */
export type SortState = { key: SortKey; dir: SortDir } | null;

/**
 * The default for a tab: natural order for calendar tabs; otherwise VPA descending, or
 * Traffic Contribution descending in the `contribution` VPA mode (spec §9 "Report defaults").
 * `sortKey` is the VPA mode's sort column (lib/vpa-mode.ts modeSortKey).
 * @default sortKey 'visitsper'
 */
export function defaultSort(dimension: string, sortKey: SortKey = 'visitsper'): SortState {
  return dimensionInfo(dimension).calendar ? null : { key: sortKey, dir: 'desc' };
}

/**
 * The sort after clicking a header: the same column flips direction; a new column starts
 * descending for numbers (biggest first) and ascending for the text column.
 */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current?.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: key === 'label' ? 'asc' : 'desc' };
}

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/**
 * Returns a new array sorted by `sort` (the input is not changed). Ties keep their natural
 * order; missing values (a null cost per visit) go last in both directions.
 */
export function sortRows<T extends BroadcastRow>(rows: readonly T[], sort: SortState): T[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = a.row[sort.key];
      const y = b.row[sort.key];
      if (x === null || y === null) {
        if (x === y) return a.index - b.index;
        return x === null ? 1 : -1;
      }
      const order = typeof x === 'string' ? collator.compare(x, String(y)) : x - (y as number);
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ row }) => row);
}

/** Serialises a sort for the URL: `"visitsper.desc"`, or `"natural"` for null. */
export function sortToParam(sort: SortState): string {
  return sort ? `${sort.key}.${sort.dir}` : 'natural';
}

/**
 * Reads a sort from the URL, validating it (house-style item 15). Missing or invalid values
 * fall back to the tab's default (`sortKey` as in defaultSort).
 */
export function sortFromParam(
  param: string | null,
  dimension: string,
  sortKey: SortKey = 'visitsper',
): SortState {
  if (param === 'natural') return null;
  const [key, dir] = (param ?? '').split('.');
  const validKey = SORT_KEYS.find((k) => k === key);
  if (validKey && (dir === 'asc' || dir === 'desc')) return { key: validKey, dir };
  return defaultSort(dimension, sortKey);
}
