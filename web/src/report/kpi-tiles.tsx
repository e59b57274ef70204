import type { ReportSummary } from '#shared/contracts/report.schema';
import {
  abbreviate,
  floorAtZero,
  formatCents,
  formatChange,
  formatPercent,
  formatRatio,
} from '#shared/format';
import { relativeChange } from '#shared/report/compare';
import { type Better, changeTone } from '../lib/compare';
import { formatSignedPercent, rawTitle } from '../lib/format';
import { CHART_METRIC_LABELS, type ChartMetric } from '../lib/series';

/** The comparison line of a tile: the change and the comparison value. */
export interface TileCompare {
  /** Relative change as a fraction, null when the comparison value is 0 or missing. */
  change: number | null;
  /** "+12.3%" or "—". */
  changeText: string;
  tone: 'good' | 'bad' | 'flat';
  /** The comparison period's value as displayed. */
  value: string;
  /** Hover text: the comparison range and exact value. */
  title: string;
}

/** One KPI tile's content. */
export interface Tile {
  label: string;
  value: string;
  /** Hover text: the exact or raw value. */
  title: string;
  sub?: string;
  /** The significance note under the tile, with the full claim on hover. */
  note?: { text: string; good: boolean; title: string };
  compare?: TileCompare;
  /** The chart metric this tile picks when clicked; none for tiles without a series. */
  metric?: ChartMetric;
}

/** The comparison period of the tiles: its summary and its range as text (M/D/Y). */
export interface KpiComparison {
  summary: ReportSummary;
  range: string;
}

function compareOf(
  value: number,
  compareValue: number,
  shown: string,
  better: Better,
  range: string,
): TileCompare {
  const change = relativeChange(value, compareValue);
  return {
    change,
    changeText: formatChange(change),
    tone: changeTone(change, better),
    value: shown,
    title: `Comparison period ${range}: ${compareValue.toLocaleString('en-US', { maximumFractionDigits: 4 })}`,
  };
}

/**
 * The report's KPI tiles (house-style item 14): Airings, Visits, Attributed
 * visits, VPA and Lift share with the relative lift and the significance note (method note
 * §5.1.7, §5.3); with a comparison period, each tile adds the change and the comparison value
 * (costs would flip colours: lower is better). Signed values show floored at 0 with the raw
 * value on hover. Airings, Visits and Attributed visits pick the chart metric.
 */
export function kpiTiles(
  summary: ReportSummary,
  windowMinutes: number,
  comparison: KpiComparison | null = null,
  resolution: 'minute' | 'hour' = 'minute',
): Tile[] {
  const s = summary;
  const c = comparison?.summary;
  const range = comparison?.range ?? '';
  const perDay =
    s.on_air_per_day !== null && s.off_air_per_day !== null
      ? `On-air days ${abbreviate(s.on_air_per_day)}/day vs ${abbreviate(s.off_air_per_day)} off-air`
      : undefined;
  // Hourly visits credit every clock hour the window touches (method note §5.2), not its minutes.
  const where =
    resolution === 'hour'
      ? `in the clock hours of an airing's ${windowMinutes}-minute window`
      : `within ${windowMinutes} minutes of an airing`;
  const claim = s.claim_holds
    ? `95% confidence traffic rises at least 5% ${where}`
    : `Not enough evidence yet that traffic rises 5% ${where} (95% confidence)`;
  return [
    {
      label: 'Airings',
      value: abbreviate(s.airings),
      title: s.airings.toLocaleString('en-US'),
      sub: `${abbreviate(s.significant_airings)} with a significant response`,
      compare: c && compareOf(s.airings, c.airings, abbreviate(c.airings), 'up', range),
      metric: 'airings',
    },
    {
      label: 'Visits',
      value: abbreviate(s.total_visits),
      title: s.total_visits.toLocaleString('en-US'),
      sub: perDay,
      compare:
        c && compareOf(s.total_visits, c.total_visits, abbreviate(c.total_visits), 'up', range),
      metric: 'visits',
    },
    {
      label: 'Attributed visits',
      value: abbreviate(floorAtZero(s.attributed_visits)),
      title: rawTitle(s.attributed_visits) ?? s.attributed_visits.toFixed(1),
      sub:
        resolution === 'hour'
          ? `In the clock hours of each airing's ${windowMinutes}-minute window (hourly visits)`
          : `Within ${windowMinutes} minutes of an airing`,
      compare:
        c &&
        compareOf(
          s.attributed_visits,
          c.attributed_visits,
          abbreviate(floorAtZero(c.attributed_visits)),
          'up',
          range,
        ),
      metric: 'lift',
    },
    {
      label: 'VPA',
      value: formatRatio(floorAtZero(s.vpa)),
      title: rawTitle(s.vpa, 4) ?? s.vpa.toFixed(4),
      sub:
        s.cost_per_visit_cents !== null
          ? `Cost per visit ${formatCents(s.cost_per_visit_cents)}`
          : 'Visits per airing',
      compare: c && compareOf(s.vpa, c.vpa, formatRatio(floorAtZero(c.vpa)), 'up', range),
    },
    {
      label: 'Lift share',
      value: formatPercent(floorAtZero(s.lift_share)),
      title: `${rawTitle(s.lift_share, 4) ?? `${(s.lift_share * 100).toFixed(2)}%`} of all visits. ${claim}.`,
      sub: `Relative lift ${formatSignedPercent(s.relative_lift)} (95% low ${formatSignedPercent(s.relative_lift_low)})`,
      note: {
        text: s.claim_holds ? 'Significant at 95%' : 'Not yet significant',
        good: s.claim_holds,
        title: claim,
      },
      compare:
        c &&
        compareOf(
          s.lift_share,
          c.lift_share,
          formatPercent(floorAtZero(c.lift_share)),
          'up',
          range,
        ),
    },
  ];
}

/** Props of the KPI tile row. */
export interface KpiTilesProps {
  summary: ReportSummary;
  /** Attribution window in minutes. */
  windowMinutes: number;
  /** The comparison period, or null without one. @default null */
  comparison?: KpiComparison | null;
  /** Resolution of the report's visits: hourly visits are credited by clock hour. @default 'minute' */
  resolution?: 'minute' | 'hour';
  /** The chart's metric: its tile shows as pressed. @default none */
  metric?: ChartMetric;
  /** Picks the chart metric; without it no tile is a button. @default none */
  onMetricChange?: (metric: ChartMetric) => void;
}

/** The tile's inner content (spans: a button may only hold phrasing content). */
export function TileContent({ tile }: { tile: Tile }) {
  const arrow = tile.compare?.change ? (tile.compare.change > 0 ? '▲' : '▼') : '';
  return (
    <>
      <span className="kpi__label">{tile.label}</span>
      <span className="kpi__value" title={tile.title}>
        {tile.value}
      </span>
      {tile.compare && (
        <span
          className={`kpi__compare kpi__compare--${tile.compare.tone}`}
          title={tile.compare.title}
          data-testid="kpi-compare"
        >
          <span aria-hidden="true">{arrow} </span>
          {tile.compare.changeText} vs {tile.compare.value}
          <span className="visually-hidden"> ({tile.compare.title})</span>
        </span>
      )}
      {tile.sub && <span className="kpi__sub">{tile.sub}</span>}
      {tile.note && (
        <span
          className={`kpi__note ${tile.note.good ? 'kpi__note--good' : 'kpi__note--weak'}`}
          title={tile.note.title}
        >
          {tile.note.text}
          <span className="visually-hidden">: {tile.note.title}</span>
        </span>
      )}
    </>
  );
}

/**
 * The row of KPI tiles. Tiles with a chart metric are toggle buttons (aria-pressed) when
 * `onMetricChange` is given, so the chart metric can be picked from the keyboard.
 */
export function KpiTiles({
  summary,
  windowMinutes,
  comparison = null,
  resolution = 'minute',
  metric,
  onMetricChange,
}: KpiTilesProps) {
  return (
    <section className="kpis" aria-label="Key figures">
      {kpiTiles(summary, windowMinutes, comparison, resolution).map((tile) => {
        const pick = tile.metric;
        if (pick && onMetricChange) {
          return (
            <button
              key={tile.label}
              type="button"
              className={`kpi kpi--button${metric === pick ? ' kpi--active' : ''}`}
              data-testid="kpi-tile"
              aria-pressed={metric === pick}
              title={`Chart: ${CHART_METRIC_LABELS[pick]}`}
              onClick={() => onMetricChange(pick)}
            >
              <TileContent tile={tile} />
            </button>
          );
        }
        return (
          <div key={tile.label} className="kpi" data-testid="kpi-tile">
            <TileContent tile={tile} />
          </div>
        );
      })}
    </section>
  );
}
