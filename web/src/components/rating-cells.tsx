import { formatInterval, formatRating, formatRatingInterval } from '../lib/rating-format';

/** The numbers behind one rating: the median index, its interval, advertisers and airings. */
export interface RatingCellsRow {
  /** The median index (1 decimal shown). */
  rating: number;
  /** The interval's ends, index points (shown whole). */
  low: number;
  high: number;
  /** Advertisers whose airings the rating counts. */
  advertisers: number;
  /** Airings behind the rating (shown with thousands separators, en-US). */
  airings: number;
}

/** Props of {@link RatingHeadCells} and {@link RatingCells}. */
export interface RatingCellsLayout {
  /** The class of a number cell (right-aligned) in the screen's own stylesheet. */
  numClass: string | undefined;
  /**
   * 'split': a Rating column and an Interval column ("112.4", "98–130"); 'joined': one
   * "Rating (interval)" column ("112.4 (98–130)").
   */
  layout: 'split' | 'joined';
}

/** The column headers of {@link RatingCells}: Rating, Interval (or Rating (interval)), Advertisers, Airings. */
export function RatingHeadCells({ numClass, layout }: RatingCellsLayout) {
  const rating = layout === 'split' ? ['Rating', 'Interval'] : ['Rating (interval)'];
  return (
    <>
      {[...rating, 'Advertisers', 'Airings'].map((name) => (
        <th key={name} scope="col" className={numClass}>
          {name}
        </th>
      ))}
    </>
  );
}

/**
 * One row's rating cells, the same on every ratings screen: the rating and its interval (split in
 * two columns or joined), the advertisers and the airings behind it. `ratingText` writes the rating
 * alone in the split layout (default: 1 decimal).
 */
export function RatingCells({
  row,
  numClass,
  layout,
  ratingText = formatRating,
}: RatingCellsLayout & { row: RatingCellsRow; ratingText?: (rating: number) => string }) {
  return (
    <>
      {layout === 'split' ? (
        <>
          <td className={numClass}>{ratingText(row.rating)}</td>
          <td className={numClass}>{formatInterval(row.low, row.high)}</td>
        </>
      ) : (
        <td className={numClass}>{formatRatingInterval(row.rating, row.low, row.high)}</td>
      )}
      <td className={numClass}>{row.advertisers}</td>
      <td className={numClass}>{row.airings.toLocaleString('en-US')}</td>
    </>
  );
}

/**
 * A movement mark: the arrow or word shown (hidden from screen readers, which hear `words`
 * instead), e.g. "▲ 2" read as "up 2".
 */
export function MovementMark({
  text,
  words,
  className,
  title,
}: {
  text: string;
  words: string;
  className?: string | undefined;
  title?: string | undefined;
}) {
  return (
    <>
      <span aria-hidden="true" className={className} title={title}>
        {text}
      </span>
      <span className="visually-hidden">{words}</span>
    </>
  );
}
