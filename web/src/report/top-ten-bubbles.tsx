import { CartesianGrid, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from 'recharts';
import type { BroadcastRow } from '#shared/contracts/report.schema';
import { abbreviate, floorAtZero, formatRatio } from '#shared/format';
import { visibleRows } from '#shared/report/table-rows';

/** How many stations the bubbles show. */
export const BUBBLE_COUNT = 10;

/** One bubble: a station with its airings, VPA and visits (floored at 0 for display). */
export interface Bubble {
  key: string;
  label: string;
  ads: number;
  vpa: number;
  visits: number;
}

/** The top ten stations by attributed visits (ties: more airings first). Pure. */
export function topTenBubbles(stations: readonly BroadcastRow[]): Bubble[] {
  return visibleRows('station', stations)
    .map((r) => ({
      key: r.key,
      label: r.label,
      ads: r.ads,
      vpa: floorAtZero(r.visitsper),
      visits: floorAtZero(r.traffic),
    }))
    .sort((a, b) => b.visits - a.visits || b.ads - a.ads)
    .slice(0, BUBBLE_COUNT);
}

/**
 * Top-ten bubbles (spec §2 "top-ten bubbles"): the ten stations with the most
 * attributed visits, x = airings, y = VPA, bubble size = visits. A list under the chart carries
 * the same numbers for keyboard and screen-reader users.
 */
export function TopTenBubbles({ stations }: { stations: readonly BroadcastRow[] }) {
  const bubbles = topTenBubbles(stations);
  return (
    <section className="card" aria-labelledby="bubbles-title">
      <h2 className="card__title" id="bubbles-title">
        Top ten stations
        <span className="card__hint"> · airings vs VPA, bubble size = visits</span>
      </h2>
      {bubbles.length === 0 ? (
        <p className="table-empty">No stations with airings yet.</p>
      ) : (
        <>
          <div aria-hidden="true">
            <ScatterChart
              accessibilityLayer={false}
              tabIndex={-1}
              responsive
              style={{ width: '100%', height: 300 }}
              margin={{ top: 12, right: 16, bottom: 8, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="#e3e8ef" />
              <XAxis type="number" dataKey="ads" name="Airings" tick={{ fontSize: 12 }} />
              <YAxis type="number" dataKey="vpa" name="VPA" tick={{ fontSize: 12 }} width={44} />
              <ZAxis type="number" dataKey="visits" name="Visits" range={[80, 1400]} />
              <Tooltip
                cursor={{ strokeDasharray: '3 3' }}
                content={({ active, payload }) => {
                  const bubble = payload?.[0]?.payload as Bubble | undefined;
                  if (!active || !bubble) return null;
                  return (
                    <div className="chart-tip">
                      <strong>{bubble.label}</strong>
                      <br />
                      {abbreviate(bubble.ads)} airings · {formatRatio(bubble.vpa)} VPA ·{' '}
                      {abbreviate(bubble.visits)} visits
                    </div>
                  );
                }}
              />
              <Scatter data={bubbles} fill="#2a6f97" fillOpacity={0.6} isAnimationActive={false} />
            </ScatterChart>
          </div>
          <ol className="bubbles__list" data-testid="bubble-list">
            {bubbles.map((b) => (
              <li key={b.key}>
                <strong>{b.label}</strong>: {abbreviate(b.ads)} airings, {formatRatio(b.vpa)} VPA,{' '}
                {abbreviate(b.visits)} visits
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
