import type { TopTenList as TopTen } from '#shared/contracts/ratings.schema';
import styles from './ratings.module.css';
import { formatRatingInterval, intervalWords, movementOf } from './ratings-format';

/** Props of {@link TopTenList}. */
export interface TopTenListProps {
  list: TopTen;
  /** Opens a station's panel; without it names are plain text. */
  onStation?: (stationId: string) => void;
}

/**
 * One top-ten list (nowl_top_ten_summaries): rank, station, rating with its interval
 * ("112.4 (98–130)"), advertisers and airings behind it, and the movement since the previous
 * period (▲ up, ▼ down, "new"), each arrow with words for screen readers.
 */
export function TopTenList({ list, onStation }: TopTenListProps) {
  const title = `Top ten: ${list.format_name} in ${list.market_name}, ${list.daypart_name}`;
  return (
    <section className={`card ${styles.topTen}`} aria-label={title}>
      <h2 className="card__title">{title}</h2>
      {list.rows.length === 0 ? (
        <p className="table-empty">No station here has a published rating yet.</p>
      ) : (
        <ol className={styles.topList}>
          {list.rows.map((row) => {
            const move = movementOf(row);
            return (
              <li key={row.station_id} className={styles.topRow}>
                <span className={styles.rank} aria-hidden="true">
                  {row.rank}
                </span>
                <span className={styles.topName}>
                  <span className="visually-hidden">Rank {row.rank}: </span>
                  {onStation ? (
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => onStation(row.station_id)}
                    >
                      {row.label}
                    </button>
                  ) : (
                    row.label
                  )}
                </span>
                <span className={styles.topRating}>
                  <span aria-hidden="true">
                    {formatRatingInterval(row.rating, row.low, row.high)}
                  </span>
                  <span className="visually-hidden">
                    Rating {row.rating.toFixed(1)}, {intervalWords(row.low, row.high)}
                  </span>
                </span>
                <span className={styles.topMeta}>
                  {row.advertisers} advertisers · {row.airings.toLocaleString('en-US')} airings
                </span>
                <span
                  className={`${styles.move} ${styles[`move_${move.tone}`] ?? ''}`}
                  title={move.words}
                >
                  <span aria-hidden="true">{move.text}</span>
                  <span className="visually-hidden">{move.words}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
