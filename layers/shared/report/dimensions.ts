import type { BroadcastRow, DimensionKey } from '../contracts/report.schema';

/**
 * The breakdown tabs of the report screen (spec §2 "Report screens": TV/radio tabs daypart,
 * day of week, day of month, week number, month of year, station, program; cable adds network
 * and cable zone; creative and spot length follow).
 */
export interface DimensionInfo {
  key: DimensionKey;
  /** Tab text. */
  tab: string;
  /** Header of the first table column (spec: "Daypart/Day/Station etc."). */
  column: string;
  /** Calendar dimensions keep their natural order until a header is clicked. */
  calendar: boolean;
}

/** Every dimension in tab order. */
export const DIMENSIONS: readonly DimensionInfo[] = [
  { key: 'daypart', tab: 'Daypart', column: 'Daypart', calendar: false },
  { key: 'day_of_week', tab: 'Day of week', column: 'Day', calendar: true },
  { key: 'day_of_month', tab: 'Day of month', column: 'Day of month', calendar: true },
  { key: 'week_number', tab: 'Week number', column: 'Week', calendar: true },
  { key: 'month_of_year', tab: 'Month of year', column: 'Month', calendar: true },
  { key: 'station', tab: 'Station', column: 'Station', calendar: false },
  { key: 'network', tab: 'Network', column: 'Network', calendar: false },
  { key: 'cable_zone', tab: 'Cable zone', column: 'Cable zone', calendar: false },
  { key: 'program', tab: 'Program', column: 'Program', calendar: false },
  { key: 'creative', tab: 'Creative', column: 'Creative', calendar: false },
  { key: 'spot_length', tab: 'Spot length', column: 'Spot length', calendar: false },
];

/** Looks a dimension up; unknown keys fall back to daypart. */
export function dimensionInfo(key: string): DimensionInfo {
  return DIMENSIONS.find((d) => d.key === key) ?? DIMENSIONS[0]!;
}

/**
 * The tabs to show for a report: daypart always, every other dimension only when its table
 * has rows (a TV-only campaign has no network or cable-zone tab). `only` restricts and orders
 * the tabs (a tab group's dimensions, web/src/lib/tab-groups.ts).
 * @default only every dimension in DIMENSIONS order
 */
export function visibleDimensions(
  tables: Partial<Record<DimensionKey, readonly BroadcastRow[]>>,
  only: readonly DimensionKey[] = DIMENSIONS.map((d) => d.key),
): DimensionInfo[] {
  return only
    .map(dimensionInfo)
    .filter((d) => d.key === 'daypart' || (tables[d.key]?.length ?? 0) > 0);
}

/** True when the share columns apply: any row's volume_share exceeds 0 (spec §2). */
export function hasShareColumns(rows: readonly BroadcastRow[]): boolean {
  return rows.some((row) => row.volume_share > 0);
}
