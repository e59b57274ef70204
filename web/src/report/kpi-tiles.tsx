import type { ReportSummary } from '../../../layers/shared/contracts/report.schema';
import {
  abbreviate,
  floorAtZero,
  formatCents,
  formatPercent,
  formatRatio,
  formatSignedPercent,
  rawTitle,
} from '../lib/format';

/** One KPI tile's content. */
interface Tile {
  label: string;
  value: string;
  /** Hover text: the exact or raw value. */
  title: string;
  sub?: string;
  /** The significance note under the tile, with the full claim on hover. */
  note?: { text: string; good: boolean; title: string };
}

/**
 * The report's KPI tiles (house-style item 14): Airings, Visits, Attributed visits, VPA and
 * Lift share with the relative lift and the significance note (method note §5.1.7, §5.3).
 * Signed values are shown floored at 0 with the raw value on hover.
 */
export function kpiTiles(summary: ReportSummary, windowMinutes: number): Tile[] {
  const s = summary;
  const perDay =
    s.on_air_per_day !== null && s.off_air_per_day !== null
      ? `On-air days ${abbreviate(s.on_air_per_day)}/day vs ${abbreviate(s.off_air_per_day)} off-air`
      : undefined;
  const claim = s.claim_holds
    ? `95% confidence traffic rises at least 5% within ${windowMinutes} minutes of an airing`
    : `Not enough evidence yet that traffic rises 5% within ${windowMinutes} minutes (95% confidence)`;
  return [
    {
      label: 'Airings',
      value: abbreviate(s.airings),
      title: s.airings.toLocaleString('en-US'),
      sub: `${abbreviate(s.significant_airings)} with a significant response`,
    },
    {
      label: 'Visits',
      value: abbreviate(s.total_visits),
      title: s.total_visits.toLocaleString('en-US'),
      sub: perDay,
    },
    {
      label: 'Attributed visits',
      value: abbreviate(floorAtZero(s.attributed_visits)),
      title: rawTitle(s.attributed_visits) ?? s.attributed_visits.toFixed(1),
      sub: `Within ${windowMinutes} minutes of an airing`,
    },
    {
      label: 'VPA',
      value: formatRatio(floorAtZero(s.vpa)),
      title: rawTitle(s.vpa, 4) ?? s.vpa.toFixed(4),
      sub:
        s.cost_per_visit_cents !== null
          ? `Cost per visit ${formatCents(s.cost_per_visit_cents)}`
          : 'Visits per airing',
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
    },
  ];
}

/** Props of the KPI tile row. */
export interface KpiTilesProps {
  summary: ReportSummary;
  /** Attribution window in minutes. */
  windowMinutes: number;
}

/** The row of KPI tiles. */
export function KpiTiles({ summary, windowMinutes }: KpiTilesProps) {
  return (
    <section className="kpis" aria-label="Key figures">
      {kpiTiles(summary, windowMinutes).map((tile) => (
        <div key={tile.label} className="kpi" data-testid="kpi-tile">
          <div className="kpi__label">{tile.label}</div>
          <div className="kpi__value" title={tile.title}>
            {tile.value}
          </div>
          {tile.sub && <div className="kpi__sub">{tile.sub}</div>}
          {tile.note && (
            <div
              className={`kpi__note ${tile.note.good ? 'kpi__note--good' : 'kpi__note--weak'}`}
              title={tile.note.title}
            >
              {tile.note.text}
              <span className="visually-hidden">: {tile.note.title}</span>
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
