import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import type { BroadcastRow } from '../../../layers/shared/contracts/report.schema';
import { floorAtZero, formatRatio } from '../lib/format';

/** Most bars drawn; longer tables (stations, programs) show their first rows in table order. */
export const CHART_MAX_BARS = 20;

/**
 * True when the axis labels would not fit side by side (about 7.5 px per character of 12 px
 * text over a ~1100 px plot), so they are drawn tilted.
 */
export function tiltLabels(labels: readonly string[]): boolean {
  const longest = Math.max(0, ...labels.map((l) => l.length));
  return labels.length > 0 && longest * 7.5 > 1100 / labels.length;
}

/** Props of the VPA chart. */
export interface VpaChartProps {
  /** The open tab's rows, in the table's current order. */
  rows: readonly BroadcastRow[];
  /** The tab name, for the caption (e.g. "Daypart"). */
  dimensionLabel: string;
}

/**
 * A bar chart of VPA (visits per airing, floored at 0 for display) for the open tab's rows.
 * Halo dayparts are drawn in the accent colour.
 */
export function VpaChart({ rows, dimensionLabel }: VpaChartProps) {
  const data = rows.slice(0, CHART_MAX_BARS).map((row) => ({
    label: row.label,
    vpa: Number(floorAtZero(row.visitsper).toFixed(2)),
    halo: row.halo,
  }));
  const clipped = rows.length > CHART_MAX_BARS;
  const tilt = tiltLabels(data.map((d) => d.label));
  return (
    <figure className="card chart">
      <figcaption className="card__title">
        VPA by {dimensionLabel.toLowerCase()}
        {clipped && (
          <span className="card__hint">
            {' '}
            (first {CHART_MAX_BARS} of {rows.length} rows)
          </span>
        )}
      </figcaption>
      {data.length === 0 ? (
        <p className="table-empty">No airings in this breakdown.</p>
      ) : (
        <BarChart
          responsive
          style={{ width: '100%', height: 260 }}
          data={data}
          margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e3e8ef" />
          <XAxis
            dataKey="label"
            tick={{ fontSize: 12, fill: '#44506a' }}
            interval={0}
            height={tilt ? 70 : 30}
            angle={tilt ? -30 : 0}
            textAnchor={tilt ? 'end' : 'middle'}
          />
          <YAxis tick={{ fontSize: 12, fill: '#44506a' }} width={48} />
          <Tooltip
            formatter={(value) => [formatRatio(Number(value)), 'VPA']}
            cursor={{ fill: '#eef2f8' }}
          />
          <Bar dataKey="vpa" name="VPA" radius={[4, 4, 0, 0]} isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.label} fill={d.halo ? '#e76f51' : '#2a6f97'} />
            ))}
          </Bar>
        </BarChart>
      )}
    </figure>
  );
}
