import { Line, LineChart, YAxis } from 'recharts';

/** Props of {@link TrendChart}. */
export interface TrendChartProps {
  /** The industry's name, for the chart's accessible name. */
  name: string;
  /** New users per week, oldest first. */
  newUsers: readonly number[];
}

/**
 * A small line of an industry's weekly new users (a sparkline, fixed 140×40 so rows line up).
 * Read out as its numbers, since a screen reader cannot see the line.
 */
export function TrendChart({ name, newUsers }: TrendChartProps) {
  const data = newUsers.map((value, week) => ({ week, value }));
  return (
    <div
      role="img"
      aria-label={`${name}: new users per week ${newUsers.map((n) => n.toLocaleString('en-US')).join(', ')}`}
    >
      <LineChart
        width={140}
        height={40}
        data={data}
        margin={{ top: 4, right: 4, bottom: 4, left: 4 }}
      >
        <YAxis hide domain={['dataMin', 'dataMax']} />
        <Line
          type="monotone"
          dataKey="value"
          stroke="#2a6f97"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  );
}
