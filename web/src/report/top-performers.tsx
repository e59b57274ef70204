import type { BroadcastRow, DimensionKey } from '#shared/contracts/report.schema';
import { abbreviate, floorAtZero, formatRatio } from '#shared/format';
import { TOP_MIN_ADS, topPerformers } from '#shared/report/top-performers';

/** Props of the top-performer cards. */
export interface TopPerformersProps {
  tables: Partial<Record<DimensionKey, readonly BroadcastRow[]>>;
  /** Drills the report into a winner (house-style item 15: no dead ends). @default plain names */
  onDrill?: (dimension: DimensionKey, row: BroadcastRow) => void;
}

/**
 * Top-performer summaries (spec §2): best station, daypart, day, program and creative
 * by VPA among rows with at least TOP_MIN_ADS airings. Each says how sure it is: the 95% VPA
 * interval, and a "directional" badge when only thin rows were left to choose from.
 */
export function TopPerformers({ tables, onDrill }: TopPerformersProps) {
  const tops = topPerformers(tables);
  return (
    <section className="card" aria-labelledby="tops-title">
      <h2 className="card__title" id="tops-title">
        Top performers
        <span className="card__hint"> · by VPA, rows with {TOP_MIN_ADS}+ airings</span>
      </h2>
      {tops.length === 0 ? (
        <p className="table-empty">Not enough airings per row to name a top performer yet.</p>
      ) : (
        <ul className="tops">
          {tops.map((top) => (
            <li key={top.dimension} className="tops__item" data-testid="top-performer">
              <span className="tops__title">{top.title}</span>
              {onDrill ? (
                <button
                  type="button"
                  className="drill-button tops__name"
                  title={`Filter by ${top.row.label}`}
                  onClick={() => onDrill(top.dimension, top.row)}
                >
                  {top.row.label}
                </button>
              ) : (
                <span className="tops__name">{top.row.label}</span>
              )}
              <span
                className="tops__figure"
                title={
                  top.interval
                    ? `95% interval ${formatRatio(top.interval.low)} to ${formatRatio(top.interval.high)} visits per airing`
                    : undefined
                }
              >
                {formatRatio(floorAtZero(top.row.visitsper))} VPA · {abbreviate(top.row.ads)}{' '}
                airings
              </span>
              {top.interval && (
                <span className="tops__interval">
                  95% range {formatRatio(floorAtZero(top.interval.low))}–
                  {formatRatio(floorAtZero(top.interval.high))}
                </span>
              )}
              {top.directional && (
                <span
                  className="badge badge--directional"
                  title="Every candidate is thin: more airings could change the order"
                >
                  directional
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
