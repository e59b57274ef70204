import type { BroadcastRow } from '../../../layers/shared/contracts/report.schema';
import {
  abbreviate,
  floorAtZero,
  formatCents,
  formatPercent,
  formatRatio,
  rawTitle,
} from '../lib/format';
import type { SortKey } from '../lib/sort';

/** A formatted cell: the text shown and an optional hover text (exact or raw value). */
export interface CellText {
  text: string;
  title?: string;
}

/**
 * Column config of a broadcast table (house-style item 16: key, label, align, sortable, format).
 * `key` is also the sort key.
 */
export interface ColumnConfig {
  key: SortKey;
  label: string;
  /** @default 'right' for numbers */
  align: 'left' | 'right';
  format: (row: BroadcastRow) => CellText;
}

/** A signed visit-based number shown floored at zero, with the raw value on hover. */
function floored(value: number, show: (v: number) => string, exact: string): CellText {
  return { text: show(floorAtZero(value)), title: rawTitle(value) ?? exact };
}

/**
 * The numeric columns (spec §2 "Report screens": Ads, Visits, VPA, Traffic Contribution, Cost
 * per Visit; Share of Ads / Visits / VPA when `withShares`). Ratios 2 decimals, percents capped
 * at 60%, counts abbreviated with the exact value on hover (spec §9).
 */
export function numericColumns(withShares: boolean): ColumnConfig[] {
  const columns: ColumnConfig[] = [
    {
      key: 'ads',
      label: 'Ads',
      align: 'right',
      format: (r) => ({ text: abbreviate(r.ads), title: r.ads.toLocaleString('en-US') }),
    },
    {
      key: 'traffic',
      label: 'Visits',
      align: 'right',
      format: (r) => floored(r.traffic, abbreviate, r.traffic.toFixed(1)),
    },
    {
      key: 'visitsper',
      label: 'VPA',
      align: 'right',
      format: (r) => floored(r.visitsper, formatRatio, r.visitsper.toFixed(4)),
    },
    {
      key: 'contribution',
      label: 'Traffic Contribution',
      align: 'right',
      format: (r) => percentCell(r.contribution),
    },
    {
      key: 'cost_per_visit_cents',
      label: 'Cost per Visit',
      align: 'right',
      format: (r) => ({ text: formatCents(r.cost_per_visit_cents) }),
    },
  ];
  if (!withShares) return columns;
  return [
    ...columns,
    {
      key: 'volume_share',
      label: 'Share of Ads',
      align: 'right',
      format: (r) => percentCell(r.volume_share),
    },
    {
      key: 'traffic_share',
      label: 'Share of Visits',
      align: 'right',
      format: (r) => percentCell(r.traffic_share),
    },
    {
      key: 'visitsper_share',
      label: 'Share of VPA',
      align: 'right',
      format: (r) => percentCell(r.visitsper_share),
    },
  ];
}

/** A share shown floored at zero and capped at 60%, with the exact (raw) percentage on hover. */
export function percentCell(fraction: number): CellText {
  return {
    text: formatPercent(floorAtZero(fraction)),
    title: `${(fraction * 100).toFixed(2)}%`,
  };
}
