import { RatingCells, type RatingCellsRow, RatingHeadCells } from '../components/rating-cells';
import { formatRating } from './ratings-format';
import styles from './ratings-site.module.css';

/**
 * The ratings site's rating columns: Rating and Interval apart, then Advertisers and Airings,
 * numbers right-aligned; the rating written with the site's thousands separator.
 */
export function SiteRatingHead() {
  return <RatingHeadCells numClass={styles.num} layout="split" />;
}

/** One row's cells under {@link SiteRatingHead}. */
export function SiteRatingCells({ row }: { row: RatingCellsRow }) {
  return <RatingCells row={row} numClass={styles.num} layout="split" ratingText={formatRating} />;
}
