import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ReportSeries } from '#shared/contracts/report.schema';
import { abbreviate, formatRatio } from '#shared/format';
import { chartPoints } from '#shared/report/series';
import { CHART_METRIC_LABELS, type ChartMetric, seriesTotals } from '../lib/series';

const BUCKET_WORD: Record<ReportSeries['bucket'], string> = {
  minute: 'minute',
  hour: 'hour',
  day: 'day',
};

const INK = '#44506a';
const VISITS = '#2a6f97';
const BASELINE = '#8a94a6';
const AIRINGS = '#e76f51';

/** Props of the summary chart. */
export interface SummaryChartProps {
  series: ReportSeries;
  /** What the chart emphasises (picked by the KPI tiles). */
  metric: ChartMetric;
  /** IANA zone the minute and hour buckets are shown in. */
  timeZone: string;
  /** A note under the title, e.g. that the chart covers the whole campaign while filtered. */
  note?: string;
}

/**
 * The report's one time-series chart (house-style item 14): visits per
 * minute, hour or day on the left axis with the baseline as a dashed line, airings per bucket
 * as bars on a right axis. The metric picks the emphasis: visits, visits above the baseline
 * (shaded), or airings. A text summary of the totals is given to assistive tech.
 */
export function SummaryChart({ series, metric, timeZone, note }: SummaryChartProps) {
  const points = chartPoints(series, timeZone);
  const totals = seriesTotals(points);
  const word = BUCKET_WORD[series.bucket];
  const zone = series.bucket === 'day' ? '' : ` (${timeZone})`;
  return (
    <figure className="card chart" aria-label={`${CHART_METRIC_LABELS[metric]} per ${word}`}>
      <figcaption className="card__title">
        {CHART_METRIC_LABELS[metric]} per {word}
        <span className="card__hint">{zone}</span>
        {note && <span className="card__hint"> · {note}</span>}
      </figcaption>
      {points.length === 0 ? (
        <p className="table-empty">No visit series in this report; run it again to see one.</p>
      ) : (
        <>
          <p className="visually-hidden" data-testid="chart-summary">
            {`${abbreviate(totals.visits)} visits against a baseline of ${abbreviate(totals.baseline)}, ${totals.airings} airings, over ${points.length} ${word} buckets.`}
          </p>
          <ComposedChart
            responsive
            style={{ width: '100%', height: 280 }}
            data={points}
            margin={{ top: 8, right: 8, bottom: 4, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e3e8ef" />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: INK }} minTickGap={28} />
            <YAxis
              yAxisId="visits"
              tick={{ fontSize: 12, fill: INK }}
              width={52}
              // Visits above baseline are a thin band on a ~1k scale: zoom the axis to the data.
              domain={metric === 'lift' ? ['auto', 'auto'] : [0, 'auto']}
              tickFormatter={(v: number) => abbreviate(v)}
            />
            <YAxis
              yAxisId="airings"
              orientation="right"
              allowDecimals={false}
              tick={{ fontSize: 12, fill: INK }}
              width={36}
              // Outside the airings view the bars are markers along the bottom third.
              domain={
                metric === 'airings' ? [0, 'auto'] : [0, (max: number) => Math.max(1, max * 3)]
              }
            />
            <Tooltip
              formatter={(value, name) => [
                name === 'Airings' ? String(value) : formatRatio(Number(value)),
                name,
              ]}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              yAxisId="airings"
              dataKey="airings"
              name="Airings"
              fill={AIRINGS}
              fillOpacity={metric === 'airings' ? 0.9 : 0.45}
              maxBarSize={metric === 'airings' ? 24 : 8}
              isAnimationActive={false}
            />
            {metric === 'lift' && (
              // Stacked on the baseline, the band between baseline and visits is what airings add.
              <Area
                yAxisId="visits"
                dataKey="baseline"
                stackId="lift"
                stroke="none"
                fill="transparent"
                legendType="none"
                tooltipType="none"
                isAnimationActive={false}
              />
            )}
            {metric === 'lift' && (
              <Area
                yAxisId="visits"
                dataKey="above"
                stackId="lift"
                name="Visits above baseline"
                stroke="none"
                fill={VISITS}
                fillOpacity={0.3}
                isAnimationActive={false}
              />
            )}
            <Line
              yAxisId="visits"
              dataKey="visits"
              name="Visits"
              stroke={VISITS}
              strokeWidth={metric === 'visits' ? 2 : 1}
              strokeOpacity={metric === 'airings' ? 0.5 : 1}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              yAxisId="visits"
              dataKey="baseline"
              name="Baseline"
              stroke={BASELINE}
              strokeDasharray="5 4"
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </>
      )}
    </figure>
  );
}
