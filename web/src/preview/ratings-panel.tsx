import { RATINGS_GATES } from '#shared/billing/ratings-gates';
import { RATING_MIN_ADVERTISERS, RATING_MIN_AIRINGS } from '#shared/contracts/ratings.schema';
import styles from './preview.module.css';
import { previewRows, TopStationsTable } from './top-stations';
import type { PreviewRatings } from './use-preview-ratings';

/** Shown beside ratings computed from the sample-data advertisers. */
export const SAMPLE_RATINGS_NOTE =
  'Sample ratings: these come from sample advertisers, not real ones. Sign up to see real ratings as they are published.';

/** How a rating is made, in one sentence under the tables. */
export const HOW_RATINGS_WORK =
  `A rating is the median response index of the advertisers that aired on a station last month: ` +
  `100 is an advertiser's usual visits per airing, 130 is 30% more. Shown only where at least ` +
  `${RATING_MIN_ADVERTISERS} advertisers and ${RATING_MIN_AIRINGS} airings contribute.`;

/**
 * One ratings answer of the preview as a table, or the state instead of it: loading, nothing
 * published yet, locked (the server's message and the gate's Unlock button), or an error.
 */
export function RatingsPanel({
  ratings,
  market,
  caption,
  empty,
}: {
  ratings: PreviewRatings;
  /** The DMA code the answer is for; null = nationwide. */
  market: string | null;
  caption: string;
  /** What to say when nothing is rated there yet. */
  empty: string;
}) {
  if (ratings.status === 'loading')
    return (
      <p className={styles.muted} role="status">
        Loading ratings…
      </p>
    );
  if (ratings.status === 'missing') return <p className={styles.muted}>{empty}</p>;
  if (ratings.status === 'error') return <p className={styles.error}>{ratings.message}</p>;
  if (ratings.status === 'locked') {
    const gate = RATINGS_GATES.ratings_industries;
    return (
      <div className={styles.locked}>
        <p>{ratings.message}</p>
        <a className="button button--ghost" href={gate.unlock_path}>
          {gate.unlock_label}
        </a>
      </div>
    );
  }
  const rows = previewRows(ratings.data, market);
  return (
    <>
      {ratings.data.kind === 'sample' && (
        <p className={styles.sample} data-testid="sample-ratings">
          <span className="badge badge--sample">Sample</span> {SAMPLE_RATINGS_NOTE}
        </p>
      )}
      {rows.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <TopStationsTable
          rows={rows}
          caption={`${caption}, ${ratings.data.period ?? ''}`}
          showMarket={!market}
          showMovement={Boolean(market)}
        />
      )}
    </>
  );
}
