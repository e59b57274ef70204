import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import type { BroadcastRow, DimensionKey } from '#shared/contracts/report.schema';
import { abbreviate } from '#shared/format';
import { PIE_RANGES, pieSlices } from '../lib/pies';

/** Slice colours, in slice order ("Other" is always the last colour used). */
const COLOURS = ['#2a6f97', '#e76f51', '#2a9d8f', '#e9c46a', '#8d5fd3', '#f4a261', '#6c7a89'];

/** Props of the pies. */
export interface RangePiesProps {
  tables: Partial<Record<DimensionKey, readonly BroadcastRow[]>>;
}

/** The share as shown in a legend: one decimal, never capped (slices add up to 100%). */
const share = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/**
 * Pie charts per range (spec §2 "Pie data per range (daypart, week, month, week_num, year)"):
 * each range's share of attributed visits, from the tables. Each pie has a legend listing every
 * slice with its share, which is also what assistive tech reads (the drawing is hidden).
 */
export function RangePies({ tables }: RangePiesProps) {
  const pies = PIE_RANGES.map((r) => ({
    ...r,
    slices: pieSlices(r.dimension, tables[r.dimension] ?? []),
  })).filter((p) => p.slices.length > 1);
  return (
    <section className="card" aria-labelledby="pies-title">
      <h2 className="card__title" id="pies-title">
        Where visits came from
        <span className="card__hint"> · share of attributed visits</span>
      </h2>
      {pies.length === 0 ? (
        <p className="table-empty">No attributed visits to split yet.</p>
      ) : (
        <div className="pies">
          {pies.map((pie) => (
            <figure key={pie.range} className="pie" data-testid={`pie-${pie.range}`}>
              <figcaption className="pie__title">{pie.title}</figcaption>
              <div aria-hidden="true">
                <PieChart width={150} height={150} accessibilityLayer={false} tabIndex={-1}>
                  <Pie
                    data={pie.slices}
                    dataKey="visits"
                    nameKey="label"
                    innerRadius={34}
                    outerRadius={70}
                    isAnimationActive={false}
                    rootTabIndex={-1}
                  >
                    {pie.slices.map((s, i) => (
                      <Cell key={s.key} fill={COLOURS[i % COLOURS.length]} />
                    ))}
                  </Pie>
                  <Tooltip formatter={(value) => abbreviate(Number(value))} />
                </PieChart>
              </div>
              <ul className="pie__legend">
                {pie.slices.map((s, i) => (
                  <li key={s.key}>
                    <span
                      className="pie__swatch"
                      style={{ background: COLOURS[i % COLOURS.length] }}
                      aria-hidden="true"
                    />
                    {s.label} <span className="pie__share">{share(s.share)}</span>
                  </li>
                ))}
              </ul>
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}
