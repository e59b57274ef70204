import { Link } from 'react-router-dom';
import type { TopTenList } from '#shared/contracts/ratings.schema';
import { RATING_MIN_ADVERTISERS, RATING_MIN_AIRINGS } from '#shared/contracts/ratings.schema';
import { MovementMark } from '../components/rating-cells';
import { movementOf } from './ratings-format';
import styles from './ratings-site.module.css';
import { SiteRatingCells, SiteRatingHead } from './site-rating-cells';

/** The movement's colour: up green, down red, new a badge. */
function moveClass(movement: number | null): string | undefined {
  if (movement === null) return styles.moveNew;
  if (movement > 0) return styles.moveUp;
  return movement < 0 ? styles.moveDown : undefined;
}

/** Props of {@link TopTenTable}. */
export interface TopTenTableProps {
  list: TopTenList;
  /** The table's caption (e.g. "Top ten News/Talk stations in Chicago"). */
  caption: string;
}

/**
 * One top-ten list: rank, movement since the previous period (▲ up, ▼ down, new), the station
 * (a link to its page), its rating with the interval, and the advertisers and airings behind it.
 * An empty list says what a rating needs.
 */
export function TopTenTable({ list, caption }: TopTenTableProps) {
  if (list.rows.length === 0) {
    return (
      <p className={styles.empty}>
        No station in {list.market_name} has enough advertisers yet ({RATING_MIN_ADVERTISERS}{' '}
        advertisers and {RATING_MIN_AIRINGS} airings are needed).
      </p>
    );
  }
  return (
    <table className={styles.table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Move</th>
          <th scope="col">Station</th>
          <SiteRatingHead />
        </tr>
      </thead>
      <tbody>
        {list.rows.map((row) => {
          const move = movementOf(row);
          return (
            <tr key={row.station_id}>
              <td>{row.rank}</td>
              <td>
                <MovementMark
                  text={move.text}
                  words={move.label}
                  className={moveClass(row.movement)}
                  title={move.label}
                />
              </td>
              <td>
                <Link to={`/station/${encodeURIComponent(row.station_id)}`}>{row.label}</Link>
              </td>
              <SiteRatingCells row={row} />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
