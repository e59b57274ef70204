import { PRINT_COLUMNS, type PrintColumn } from '../contracts/print.schema';
import type { BroadcastRow, DimensionKey, ReportDocument } from '../contracts/report.schema';
import { abbreviate, floorAtZero, formatCents, formatPercent, formatRatio } from '../format';
import { hasShareColumns, visibleDimensions } from '../report/dimensions';

/**
 * The broadcast tables as printed (spec §2 "Report screens": Daypart/Day/Station etc., Ads,
 * Visits, VPA, Traffic Contribution, Cost per Visit; Share of Ads / Visits / VPA when some
 * volume_share > 0; spec §9: ratios 2 decimals, percent cap 60, default sort VPA descending,
 * calendar tabs in their natural order). Formatting is the report screen's
 * (layers/shared/format.ts), so paper and screen read the same. Pure.
 */

/** Rows printed per table at most; the rest are summarised in a note. */
export const PRINT_MAX_ROWS = 50;

/** One printed table. */
export interface PrintTable {
  dimension: DimensionKey;
  /** Section title, e.g. `Station`. */
  title: string;
  /** Header of the first column, e.g. `Day`. */
  column: string;
  columns: Array<{ key: PrintColumn; label: string }>;
  /** Row label and the formatted cells, in `columns` order. */
  rows: Array<{ label: string; cells: string[] }>;
  /** Rows the report has for this dimension (more than printed when capped). */
  total: number;
}

const CELL: Record<PrintColumn, (row: BroadcastRow) => string> = {
  ads: (r) => abbreviate(r.ads),
  traffic: (r) => abbreviate(floorAtZero(r.traffic)),
  visitsper: (r) => formatRatio(floorAtZero(r.visitsper)),
  contribution: (r) => formatPercent(floorAtZero(r.contribution)),
  cost_per_visit_cents: (r) => formatCents(r.cost_per_visit_cents),
  volume_share: (r) => formatPercent(floorAtZero(r.volume_share)),
  traffic_share: (r) => formatPercent(floorAtZero(r.traffic_share)),
  visitsper_share: (r) => formatPercent(floorAtZero(r.visitsper_share)),
};

const BASE_COLUMNS: PrintColumn[] = [
  'ads',
  'traffic',
  'visitsper',
  'contribution',
  'cost_per_visit_cents',
];
const SHARE_COLUMNS: PrintColumn[] = ['volume_share', 'traffic_share', 'visitsper_share'];

/** Calendar dimensions keep the document's order; the others sort by VPA, highest first. */
const CALENDAR = new Set<DimensionKey>([
  'day_of_week',
  'day_of_month',
  'week_number',
  'month_of_year',
]);

function ordered(dimension: DimensionKey, rows: readonly BroadcastRow[]): BroadcastRow[] {
  if (CALENDAR.has(dimension)) return [...rows];
  return [...rows].sort((a, b) => b.visitsper - a.visitsper || a.label.localeCompare(b.label));
}

/**
 * The tables to print: every dimension the report has rows for (daypart first, the screen's tab
 * order), minus `hiddenTables`; columns minus `hiddenColumns` (the label column always stays).
 * Each table keeps its first PRINT_MAX_ROWS rows in print order.
 */
export function printTables(
  tables: ReportDocument['tables'],
  hiddenTables: ReadonlySet<string>,
  hiddenColumns: readonly PrintColumn[],
): PrintTable[] {
  return visibleDimensions(tables)
    .filter((d) => !hiddenTables.has(d.key) && (tables[d.key]?.length ?? 0) > 0)
    .map((d) => {
      const all = tables[d.key] ?? [];
      const keys = [...BASE_COLUMNS, ...(hasShareColumns(all) ? SHARE_COLUMNS : [])].filter(
        (k) => !hiddenColumns.includes(k),
      );
      return {
        dimension: d.key,
        title: d.tab,
        column: d.column,
        columns: keys.map((key) => ({ key, label: PRINT_COLUMNS[key] })),
        rows: ordered(d.key, all)
          .slice(0, PRINT_MAX_ROWS)
          .map((row) => ({ label: row.label, cells: keys.map((k) => CELL[k](row)) })),
        total: all.length,
      };
    });
}
