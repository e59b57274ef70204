import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  type IndustryRow,
  type IndustrySection,
  MIN_KEY_AIRINGS,
} from '#shared/contracts/industry-insights.schema';

/**
 * One unlocked section of the industry response summary (industry-panel.tsx): the bar chart of
 * industry against client indexes, and the same numbers as a table for screen readers and exact
 * reading (contract: layers/shared/contracts/industry-insights.schema.ts).
 */

/** Why the client's own index is missing in a row. */
export const FEW_OWN_AIRINGS = `Fewer than ${MIN_KEY_AIRINGS} of your airings here`;

/** The table's number columns, after Label (shares are of each side's airings). */
const NUMBER_COLUMNS = ['Industry index', 'Your index', 'Industry share', 'Your share'];
/** The chart's two bars per row. */
const BARS = [
  { key: 'industry_index', name: 'Industry', fill: '#9fb3c8' },
  { key: 'client_index', name: 'You', fill: '#2a6f97' },
] as const;

const formatIndex = (index: number) => String(Math.round(index));
/**
 * An index as shown: floored at zero (house rule for signed estimates). Below zero the airings
 * there brought fewer visits than the baseline; the raw value stays in the cell's title.
 */
const shownIndex = (index: number) => Math.max(0, index);

/** A table cell of an index, floored for display, the raw value in its title when negative. */
function IndexCell({ value }: { value: number }) {
  if (value >= 0) return <td className="cell--num">{formatIndex(value)}</td>;
  return (
    <td
      className="cell--num"
      title={`Raw index ${formatIndex(value)}: fewer visits than the baseline`}
    >
      {formatIndex(shownIndex(value))}
    </td>
  );
}
const formatShare = (share: number) => `${Math.round(share * 100)}%`;
const shortLabel = (label: string) => (label.length > 16 ? `${label.slice(0, 15)}…` : label);

/** The row with the highest value of `pick` (rows where it is null are skipped). */
const highest = (rows: readonly IndustryRow[], pick: (r: IndustryRow) => number | null) =>
  rows.filter((r) => pick(r) !== null).sort((a, b) => (pick(b) ?? 0) - (pick(a) ?? 0))[0];

/** What the chart shows, in words, for its role="img" label. */
export function chartSummary(section: IndustrySection): string {
  const industry = highest(section.rows, (r) => r.industry_index);
  const client = highest(section.rows, (r) => r.client_index);
  const parts = [
    `${section.title}: industry and your index for ${section.rows.length} rows, 100 = average airing.`,
    industry && `Industry highest: ${industry.label}, ${formatIndex(industry.industry_index)}.`,
    client
      ? `Your highest: ${client.label}, ${formatIndex(client.client_index ?? 0)}.`
      : `You have fewer than ${MIN_KEY_AIRINGS} airings in every row.`,
  ];
  return parts.filter(Boolean).join(' ');
}

/** Industry vs client index per row, with the 100 line; sized to the rows, width responsive. */
export function IndexChart({ section }: { section: IndustrySection }) {
  const height = Math.max(140, section.rows.length * 34 + 56);
  return (
    <div className="industry-chart" role="img" aria-label={chartSummary(section)}>
      <BarChart
        responsive
        layout="vertical"
        data={section.rows.map((r) => ({
          ...r,
          industry_index: shownIndex(r.industry_index),
          client_index: r.client_index === null ? null : shownIndex(r.client_index),
        }))}
        style={{ width: '100%', height }}
        margin={{ top: 4, right: 16, bottom: 4, left: 0 }}
        accessibilityLayer={false}
        tabIndex={-1}
        barGap={2}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e3e8ef" />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
        <YAxis
          type="category"
          dataKey="label"
          width={110}
          interval={0}
          tick={{ fontSize: 12 }}
          tickFormatter={shortLabel}
        />
        <Tooltip formatter={(value, name) => [formatIndex(Number(value)), name]} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <ReferenceLine x={100} stroke="#1d3557" strokeDasharray="4 3" ifOverflow="extendDomain" />
        {BARS.map((bar) => (
          <Bar
            key={bar.key}
            dataKey={bar.key}
            name={bar.name}
            fill={bar.fill}
            maxBarSize={14}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </div>
  );
}

/** The section's numbers as a table: what screen readers read, and exact values for everyone. */
export function IndexTable({ section }: { section: IndustrySection }) {
  return (
    <div className="table-wrap industry-table">
      <table className="data-table data-table--compact">
        <caption className="visually-hidden">
          {section.title}: indexes (100 = average airing) and shares of airings
        </caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            {NUMBER_COLUMNS.map((name) => (
              <th key={name} scope="col" className="cell--num">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {section.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="label-cell">
                {row.label}
              </th>
              <IndexCell value={row.industry_index} />
              {row.client_index === null ? (
                <td className="cell--num">
                  <span title={FEW_OWN_AIRINGS}>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">{FEW_OWN_AIRINGS}</span>
                  </span>
                </td>
              ) : (
                <IndexCell value={row.client_index} />
              )}
              <td className="cell--num">{formatShare(row.industry_share)}</td>
              <td className="cell--num">{formatShare(row.client_share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
