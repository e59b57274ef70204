import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { CalculateResult } from '#shared/contracts/acquisition.schema';
import { money, moneyShort, num } from './format';

/**
 * The budget curve: expected visits (line) and their interval (band) at 10%–200% of the budget,
 * the chosen budget marked. Read out as its numbers for screen readers.
 */
export function BudgetCurveChart({ result }: { result: CalculateResult }) {
  const data = result.curve.map((p) => ({
    budget: p.budget_cents,
    visits: p.visits,
    band: [p.visits_low, p.visits_high] as [number, number],
  }));
  const spoken = result.curve
    .map((p) => `${money(p.budget_cents)}: ${num(p.visits)} visits`)
    .join('; ');
  return (
    <figure role="img" aria-label={`Budget curve. ${spoken}`} style={{ margin: 0, minWidth: 0 }}>
      <ResponsiveContainer width="100%" height={260}>
        <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#d9e2ec" />
          <XAxis
            dataKey="budget"
            type="number"
            domain={['dataMin', 'dataMax']}
            tickFormatter={moneyShort}
          />
          <YAxis tickFormatter={(v: number) => num(v, 0)} width={56} />
          <Tooltip
            formatter={(value, name) =>
              Array.isArray(value)
                ? [`${num(Number(value[0]))} – ${num(Number(value[1]))}`, 'Interval']
                : [num(Number(value)), name === 'visits' ? 'Expected visits' : String(name)]
            }
            labelFormatter={(label) => `Budget ${money(Number(label))}`}
          />
          <Area
            dataKey="band"
            stroke="none"
            fill="#9cc3dc"
            fillOpacity={0.45}
            isAnimationActive={false}
          />
          <Line
            dataKey="visits"
            stroke="#1f5f8b"
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
          <ReferenceLine
            x={result.budget_cents}
            stroke="#b4461c"
            strokeDasharray="4 4"
            label={{ value: 'Your budget', position: 'insideTopLeft', fill: '#8a3416' }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
