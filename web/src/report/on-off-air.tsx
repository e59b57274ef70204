import type { ReportSummary } from '#shared/contracts/report.schema';
import { formatChange, formatRatio } from '#shared/format';
import { relativeChange } from '#shared/report/compare';

/** One on/off-air pair: what is measured and the two rates. */
interface Pair {
  title: string;
  unit: string;
  on: number;
  off: number;
}

/** The pairs a summary has: per minute always, per day when the engine had day-level data. */
export function onOffAirPairs(summary: ReportSummary): Pair[] {
  const pairs: Pair[] = [
    {
      title: 'Visits per minute',
      unit: 'per minute',
      on: summary.on_air_per_minute,
      off: summary.off_air_per_minute,
    },
  ];
  if (summary.on_air_per_day !== null && summary.off_air_per_day !== null) {
    pairs.push({
      title: 'Visits per day',
      unit: 'per day',
      on: summary.on_air_per_day,
      off: summary.off_air_per_day,
    });
  }
  return pairs;
}

/**
 * On-air versus off-air comparison (spec §2; spec §3 Report web_data.on_air_off_air): visits
 * per minute inside airing windows against outside them, and per day on days with airings
 * against days without, as a small bar pair each with the difference in words.
 */
export function OnOffAir({ summary }: { summary: ReportSummary }) {
  return (
    <section className="card on-off" aria-labelledby="on-off-title">
      <h2 className="card__title" id="on-off-title">
        On air vs off air
      </h2>
      {onOffAirPairs(summary).map((pair) => {
        const max = Math.max(pair.on, pair.off, Number.EPSILON);
        const change = relativeChange(pair.on, pair.off);
        return (
          <div key={pair.title} className="on-off__pair">
            <h3 className="on-off__title">{pair.title}</h3>
            <dl className="bars">
              {(
                [
                  ['On air', pair.on, 'bars__bar--on'],
                  ['Off air', pair.off, 'bars__bar--off'],
                ] as const
              ).map(([label, value, tone]) => (
                <div key={label} className="bars__row">
                  <dt className="bars__label">{label}</dt>
                  <dd className="bars__value">
                    <span
                      className={`bars__bar ${tone}`}
                      style={{ width: `${(Math.max(0, value) / max) * 100}%` }}
                      aria-hidden="true"
                    />
                    <span className="bars__number">{formatRatio(value)}</span>
                  </dd>
                </div>
              ))}
            </dl>
            <p className="on-off__note">
              {change === null
                ? 'No off-air traffic to compare with.'
                : `${formatChange(change)} ${pair.unit} while on air`}
            </p>
          </div>
        );
      })}
    </section>
  );
}
