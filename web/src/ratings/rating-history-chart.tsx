import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { RatingRow } from '#shared/contracts/ratings.schema';
import { periodName } from '../families/family-choices';
import { formatRatingInterval } from './ratings-format';

/** One point of the history chart: the period, the rating and its interval as a [low, high] band. */
export interface HistoryPoint {
  period: string;
  rating: number;
  band: [number, number];
  low: number;
  high: number;
}

/** The history rows as chart points, oldest first. Pure. */
export function historyPoints(history: readonly RatingRow[]): HistoryPoint[] {
  return [...history]
    .sort((a, b) => a.period.localeCompare(b.period))
    .map((r) => ({
      period: r.period,
      rating: r.rating,
      band: [r.low, r.high],
      low: r.low,
      high: r.high,
    }));
}

/** A period as an axis tick: '2026-09' → 'Sep 2026'. */
export function shortPeriod(period: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  if (!m) return period;
  const month = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    timeZone: 'UTC',
  });
  return `${month} ${m[1]}`;
}

/**
 * A station's rating over the published periods (recharts): the rating as a line, its interval
 * as a shaded band, 100 (an advertiser's usual response) as a reference line. The chart is
 * hidden from assistive technology; the table beside it in the panel carries the same numbers.
 */
export function RatingHistoryChart({ history }: { history: readonly RatingRow[] }) {
  const points = historyPoints(history);
  return (
    <div aria-hidden="true" data-testid="rating-history-chart">
      <ComposedChart
        accessibilityLayer={false}
        tabIndex={-1}
        responsive
        data={points}
        style={{ width: '100%', height: 240 }}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e3e8ef" />
        <XAxis dataKey="period" tickFormatter={shortPeriod} tick={{ fontSize: 12 }} />
        <YAxis tick={{ fontSize: 12 }} width={44} domain={['auto', 'auto']} />
        <ReferenceLine y={100} stroke="#8a94a6" strokeDasharray="4 4" />
        <Area
          dataKey="band"
          stroke="none"
          fill="#2a6f97"
          fillOpacity={0.18}
          isAnimationActive={false}
          name="Interval"
        />
        <Line
          dataKey="rating"
          stroke="#2a6f97"
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
          name="Rating"
        />
        <Tooltip
          content={({ active, payload }) => {
            const p = payload?.[0]?.payload as HistoryPoint | undefined;
            if (!active || !p) return null;
            return (
              <div className="chart-tip">
                <strong>{periodName(p.period)}</strong>
                <br />
                {formatRatingInterval(p.rating, p.low, p.high)}
              </div>
            );
          }}
        />
      </ComposedChart>
    </div>
  );
}
