import type { BroadcastRow } from '#shared/contracts/report.schema';
import { abbreviate, floorAtZero, formatCents, formatPercent, formatRatio } from '#shared/format';
import { hasShareColumns } from '#shared/report/dimensions';
import { vpaInterval } from '#shared/report/table-rows';
import { formatSmallRatio, rawTitle } from '../lib/format';
import type { SortKey } from '../lib/sort';
import { DEFAULT_VPA_MODE, modeColumns, type VpaMode } from '../lib/vpa-mode';

/** A formatted cell: the text shown and an optional hover text (exact or raw value). */
export interface CellText {
  text: string;
  title?: string;
}

/** Column keys: the sortable numbers plus the (unsortable) creatives breakdown. */
export type ColumnKey = SortKey | 'creatives';

/**
 * Column config of a broadcast table (house-style item 16: key, label, align, sortable, format).
 * `key` is also the sort key of sortable columns.
 */
export interface ColumnConfig {
  key: ColumnKey;
  label: string;
  /** @default 'right' for numbers */
  align: 'left' | 'right';
  sortable: boolean;
  format: (row: BroadcastRow) => CellText;
}

/** Options of a table's columns. */
export interface ColumnOptions {
  /** VPA display mode (lib/vpa-mode.ts). @default 'auto' */
  mode?: VpaMode;
  /** Show the ROI column where rows have a cost (settings "roi"). @default true */
  showRoi?: boolean;
  /** Column keys the user hid (settings "hidden columns"). @default none */
  hidden?: readonly string[];
}

/** A signed visit-based number shown floored at zero, with the raw value on hover. */
function floored(value: number, show: (v: number) => string, exact: string): CellText {
  return { text: show(floorAtZero(value)), title: rawTitle(value) ?? exact };
}

/** A ratio column cell (2 decimals, floored at 0, raw on hover); `—` for null. */
function ratioCell(value: number | null, show: (v: number) => string = formatRatio): CellText {
  return value === null ? { text: '—' } : floored(value, show, value.toFixed(4));
}

/** A per-impression cell (VPD): small values keep 4 decimals (lib/format formatSmallRatio). */
const perImpressionCell = (value: number | null) => ratioCell(value, formatSmallRatio);

/** VPA with its 95% interval on hover, so a thin row's number is not over-read. */
function vpaCell(row: BroadcastRow): CellText {
  const cell = floored(row.visitsper, formatRatio, row.visitsper.toFixed(4));
  const ci = vpaInterval(row);
  const interval = ci ? `95% interval ${formatRatio(ci.low)} to ${formatRatio(ci.high)}` : '';
  return { text: cell.text, title: [cell.title, interval].filter(Boolean).join('. ') };
}

/** The creatives breakdown: the top two creatives by airings, the rest counted; all on hover. */
export function creativesCell(row: BroadcastRow): CellText {
  if (row.creatives.length === 0) return { text: '—' };
  const ranked = [...row.creatives].sort((a, b) => b.ads - a.ads);
  const shown = ranked.slice(0, 2).map((c) => `${c.creative} (${abbreviate(c.ads)})`);
  const more = ranked.length > 2 ? ` +${ranked.length - 2} more` : '';
  return {
    text: `${shown.join(', ')}${more}`,
    title: ranked
      .map((c) => `${c.creative}: ${c.ads} airings, ${floorAtZero(c.traffic).toFixed(1)} visits`)
      .join('\n'),
  };
}

/** A share shown floored at zero and capped at 60%, with the exact (raw) percentage on hover. */
export function percentCell(fraction: number): CellText {
  return {
    text: formatPercent(floorAtZero(fraction)),
    title: `${(fraction * 100).toFixed(2)}%`,
  };
}

const isPodcast = (r: BroadcastRow) => r.type === 'podcast' && r.visits_per_impression !== null;
const isStream = (r: BroadcastRow) => r.type === 'streaming' && r.visits_per_impression !== null;

/**
 * The numeric columns of a table of `rows` (spec §2 "Report screens": Ads, Visits, VPA, Traffic
 * Contribution, Cost per Visit, Creatives breakdown; Share of Ads / Visits / VPA when some
 * volume_share > 0; ROI where cost exists, VPD on podcast rows). The VPA mode picks
 * the response columns; ratios 2 decimals, percents capped at 60%, counts abbreviated with the
 * exact value on hover (spec §9). Columns whose data no row has are left out.
 */
export function numericColumns(
  rows: readonly BroadcastRow[],
  options: ColumnOptions = {},
): ColumnConfig[] {
  const { mode = DEFAULT_VPA_MODE, showRoi = true, hidden = [] } = options;
  const withShares = hasShareColumns(rows);
  const show = modeColumns(mode, withShares);
  const col = (
    key: ColumnKey,
    label: string,
    format: ColumnConfig['format'],
    sortable = true,
  ): ColumnConfig => ({ key, label, align: 'right', sortable, format });
  const columns: Array<ColumnConfig | false> = [
    col('ads', 'Ads', (r) => ({ text: abbreviate(r.ads), title: r.ads.toLocaleString('en-US') })),
    col('traffic', 'Visits', (r) => floored(r.traffic, abbreviate, r.traffic.toFixed(1))),
    show.vpa && col('visitsper', 'VPA', vpaCell),
    show.contribution &&
      col('contribution', 'Traffic Contribution', (r) => percentCell(r.contribution)),
    col('cost_per_visit_cents', 'Cost per Visit', (r) => ({
      text: formatCents(r.cost_per_visit_cents),
    })),
    showRoi &&
      rows.some((r) => r.roi_raw !== null) &&
      col('roi_raw', 'ROI (visits per $)', (r) => ratioCell(r.roi_raw)),
    withShares && col('volume_share', 'Share of Ads', (r) => percentCell(r.volume_share)),
    withShares && col('traffic_share', 'Share of Visits', (r) => percentCell(r.traffic_share)),
    show.shareVpa && col('visitsper_share', 'Share of VPA', (r) => percentCell(r.visitsper_share)),
    rows.some(isStream) &&
      col('visits_per_impression', 'Visits per 1k impr.', (r) =>
        perImpressionCell(isStream(r) ? r.visits_per_impression : null),
      ),
    rows.some(isPodcast) &&
      col('visits_per_impression', 'VPD', (r) =>
        perImpressionCell(isPodcast(r) ? r.visits_per_impression : null),
      ),
    rows.some((r) => r.creatives.length > 0) && {
      ...col('creatives', 'Creatives', creativesCell, false),
      align: 'left',
    },
  ];
  const kept = columns.filter((c): c is ColumnConfig => c !== false && !hidden.includes(c.key));
  // A mixed streaming + podcast table keeps one per-impression column, labelled for both.
  const perImpression = kept.filter((c) => c.key === 'visits_per_impression');
  if (perImpression.length < 2) return kept;
  return kept
    .filter((c) => c !== perImpression[1])
    .map((c) =>
      c === perImpression[0]
        ? col('visits_per_impression', 'VPD / visits per 1k', (r) =>
            perImpressionCell(isStream(r) || isPodcast(r) ? r.visits_per_impression : null),
          )
        : c,
    );
}
