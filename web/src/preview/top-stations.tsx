import type { TopTenRow, TopTenSummaries } from '#shared/contracts/ratings.schema';
import { MovementMark, RatingCells, RatingHeadCells } from '../components/rating-cells';
import { formatRatingInterval } from '../lib/rating-format';
import styles from './preview.module.css';

/** A top-ten row with the market it belongs to (a nationwide preview mixes markets). */
export interface PreviewStationRow extends TopTenRow {
  market_name: string;
}

/** Rows a nationwide preview shows. */
export const NATIONWIDE_ROWS = 10;

/**
 * The rows of the preview's table: the all-formats, all-day list of the market; for a nationwide
 * preview (no market) the best-rated rows across every market's list, re-ranked 1..10.
 */
export function previewRows(data: TopTenSummaries, market: string | null): PreviewStationRow[] {
  const lists = data.lists.filter((l) => l.format === 'all' && l.daypart === 'all');
  if (market) {
    const list = lists.find((l) => l.market === market);
    return (list?.rows ?? []).map((row) => ({ ...row, market_name: list?.market_name ?? '' }));
  }
  return lists
    .flatMap((l) => l.rows.map((row) => ({ ...row, market_name: l.market_name })))
    .sort((a, b) => b.rating - a.rating || a.call_sign.localeCompare(b.call_sign))
    .slice(0, NATIONWIDE_ROWS)
    .map((row, i) => ({ ...row, rank: i + 1, previous_rank: null, movement: null }));
}

/** "▲ 2", "▼ 1", "new" or "–", with words for screen readers. */
function Movement({ row }: { row: TopTenRow }) {
  if (row.previous_rank === null) return <span className={styles.new}>new</span>;
  const m = row.movement ?? 0;
  const up = m > 0;
  const words = m === 0 ? 'no change' : `${up ? 'up' : 'down'} ${Math.abs(m)}`;
  const shown = m === 0 ? '–' : `${up ? '▲' : '▼'} ${Math.abs(m)}`;
  return (
    <MovementMark
      text={shown}
      words={words}
      className={m === 0 ? undefined : up ? styles.up : styles.down}
    />
  );
}

/** A rating as "112.4 (98–130)": the median index and its interval (bounds rounded). */
export const ratingText = (row: Pick<TopTenRow, 'rating' | 'low' | 'high'>) =>
  formatRatingInterval(row.rating, row.low, row.high);

/** The preview's table of top stations (rank, station, market when mixed, rating, movement). */
export function TopStationsTable({
  rows,
  caption,
  showMarket,
  showMovement,
}: {
  rows: readonly PreviewStationRow[];
  caption: string;
  showMarket: boolean;
  showMovement: boolean;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Station</th>
            {showMarket && <th scope="col">Market</th>}
            <RatingHeadCells numClass={styles.num} layout="joined" />
            {showMovement && <th scope="col">Since last month</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.station_id}-${row.market_name}`}>
              <td>{row.rank}</td>
              <th scope="row">{row.label}</th>
              {showMarket && <td>{row.market_name}</td>}
              <RatingCells row={row} numClass={styles.num} layout="joined" />
              {showMovement && (
                <td>
                  <Movement row={row} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
