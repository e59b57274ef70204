import type { RatingsKind } from '#shared/contracts/ratings.schema';
import styles from './ratings-site.module.css';

/**
 * "Sample ratings" note (spec §1 ratings; the answers say `kind: 'sample'` when no real period
 * is published yet): the numbers come from the sample-data advertisers, not real ones.
 */
export function SampleNote({ kind }: { kind: RatingsKind | undefined }) {
  if (kind !== 'sample') return null;
  return (
    <p className={styles.sample} role="note">
      <strong>Sample ratings.</strong> These numbers come from sample advertisers while real ratings
      gather enough advertisers; they show how the ratings work, not how stations perform.
    </p>
  );
}
