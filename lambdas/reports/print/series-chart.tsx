import { abbreviate } from '#shared/format';
import type { ChartPoint } from '#shared/report/series';

/** Props of {@link SeriesChart}. */
export interface SeriesChartProps {
  points: readonly ChartPoint[];
  bucket: 'minute' | 'hour' | 'day';
  timeZone: string;
  /** Drawing width in SVG units; the page width maps to it. @default 720 (portrait) */
  width?: number;
}

/** Drawing height in SVG units; the SVG scales to the page width. */
const H = 230;
const PAD = { left: 50, right: 36, top: 12, bottom: 30 };
const X_TICKS = 6;
const VISITS = '#2a6f97';
const BASELINE = '#8a94a6';
const AIRINGS = '#e76f51';

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The summary chart as plain SVG: visits per bucket as a line, the
 * baseline dashed, airings per bucket as bars on the right axis. Plain SVG because recharts 3
 * renders only an empty wrapper under renderToStaticMarkup (its layout runs in effects), and
 * the PDF needs the drawing in the markup.
 */
export function SeriesChart({ points, bucket, timeZone, width: W = 720 }: SeriesChartProps) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const maxVisits = Math.max(1, ...points.map((p) => Math.max(p.visits, p.baseline)));
  const maxAirings = Math.max(1, ...points.map((p) => p.airings));
  const step = innerW / Math.max(1, points.length);
  const x = (i: number) => round(PAD.left + step * (i + 0.5));
  const yVisits = (v: number) => round(PAD.top + innerH * (1 - Math.max(0, v) / maxVisits));
  const yAirings = (v: number) => round(PAD.top + innerH * (1 - v / maxAirings));
  const line = (pick: (p: ChartPoint) => number) =>
    points.map((p, i) => `${x(i)},${yVisits(pick(p))}`).join(' ');
  const every = Math.max(1, Math.ceil(points.length / X_TICKS));
  const barW = Math.max(1, round(step * 0.7));
  const zone = bucket === 'day' ? '' : ` (${timeZone})`;
  return (
    <section className="pr-section pr-chart" data-testid="print-chart">
      <h2>
        Visits per {bucket}
        {zone}
      </h2>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Visits, baseline and airings per ${bucket}`}
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={yVisits(maxVisits * f)}
              y2={yVisits(maxVisits * f)}
              stroke="#e3e8ef"
            />
            <text x={PAD.left - 6} y={yVisits(maxVisits * f) + 4} fontSize="10" textAnchor="end">
              {abbreviate(maxVisits * f)}
            </text>
            <text x={W - PAD.right + 6} y={yAirings(maxAirings * f) + 4} fontSize="10">
              {Math.round(maxAirings * f)}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          p.airings > 0 ? (
            <rect
              key={p.t}
              x={round(x(i) - barW / 2)}
              y={yAirings(p.airings)}
              width={barW}
              height={round(PAD.top + innerH - yAirings(p.airings))}
              fill={AIRINGS}
              fillOpacity={0.4}
            />
          ) : null,
        )}
        <polyline
          points={line((p) => p.baseline)}
          fill="none"
          stroke={BASELINE}
          strokeDasharray="4 3"
        />
        <polyline points={line((p) => p.visits)} fill="none" stroke={VISITS} strokeWidth={1.5} />
        {points.map((p, i) =>
          i % every === 0 ? (
            <text key={p.t} x={x(i)} y={H - 10} fontSize="10" textAnchor="middle">
              {p.label}
            </text>
          ) : null,
        )}
      </svg>
      <p className="pr-note">
        <span className="pr-swatch" style={{ borderTop: `2px solid ${VISITS}` }} />
        Visits
        <span className="pr-swatch" style={{ borderTop: `2px dashed ${BASELINE}` }} />
        Baseline
        <span className="pr-swatch pr-swatch--box" style={{ background: AIRINGS }} />
        Airings (right axis)
      </p>
    </section>
  );
}
