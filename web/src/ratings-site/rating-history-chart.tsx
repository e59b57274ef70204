import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { BRANDS } from '#shared/brands';
import type { RatingRow } from '#shared/contracts/ratings.schema';
import {
  formatInterval,
  formatPeriod,
  formatPeriodShort,
  formatRating,
  formatRatingWithInterval,
} from './ratings-format';

/** Props of {@link RatingHistoryChart}. */
export interface RatingHistoryChartProps {
  /** The station's call sign, for the chart's accessible name. */
  callSign: string;
  /** Published periods, oldest first. */
  history: readonly RatingRow[];
}

/**
 * A station's rating month by month (recharts): the line of the rating over the band of its
 * interval, with 100 (the advertisers' usual response) for reference. Read out as its numbers,
 * since a screen reader cannot see the line; the page also lists them in a table.
 */
export function RatingHistoryChart({ callSign, history }: RatingHistoryChartProps) {
  const { primary, accent, ink } = BRANDS.ratings.colours;
  const data = history.map((row) => ({
    period: row.period,
    rating: row.rating,
    band: [row.low, row.high] as [number, number],
  }));
  const spoken = history
    .map(
      (row) =>
        `${formatPeriod(row.period)} ${formatRatingWithInterval(row.rating, row.low, row.high)}`,
    )
    .join(', ');
  return (
    <div role="img" aria-label={`${callSign} rating by month: ${spoken}`}>
      <ResponsiveContainer width="100%" height={280}>
        <ComposedChart data={data} margin={{ top: 12, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="#dfe4ec" vertical={false} />
          <XAxis dataKey="period" tickFormatter={formatPeriodShort} />
          <YAxis domain={['auto', 'auto']} width={48} />
          <Tooltip
            // Series colours (the light band) are too pale for text: items read in the ink colour.
            itemStyle={{ color: ink }}
            formatter={(value, name) =>
              name === 'rating' && typeof value === 'number'
                ? [formatRating(value), 'Rating']
                : Array.isArray(value)
                  ? [formatInterval(Number(value[0]), Number(value[1])), 'Interval']
                  : [String(value), String(name)]
            }
            labelFormatter={(p) => formatPeriod(String(p))}
          />
          <Area
            dataKey="band"
            name="interval"
            stroke="none"
            fill={accent}
            fillOpacity={0.25}
            isAnimationActive={false}
          />
          <Line
            dataKey="rating"
            name="rating"
            stroke={primary}
            strokeWidth={2.5}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
