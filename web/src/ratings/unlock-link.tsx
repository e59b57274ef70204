import { Link } from 'react-router-dom';
import type { RatingsGate } from '#shared/billing/ratings-gates';
import styles from './ratings.module.css';

/**
 * The Unlock button of a locked ratings feature: the gate table's label ("Unlock Industry
 * Insights") leading to its plans page, with the gate's sentence on what it unlocks.
 */
export function UnlockLink({ gate, compact = false }: { gate: RatingsGate; compact?: boolean }) {
  if (compact)
    return (
      <Link
        className={styles.unlockSmall}
        to={gate.unlock_path}
        title={gate.message}
        aria-label={`${gate.unlock_label}: ${gate.name}`}
      >
        {gate.unlock_label}
      </Link>
    );
  return (
    <span className={styles.unlock}>
      <span className={styles.unlockWhy}>{gate.message}</span>
      <Link className="button button--primary" to={gate.unlock_path}>
        {gate.unlock_label}
      </Link>
    </span>
  );
}

/** A locked panel in place of data the caller has not unlocked (nothing of it is fetched). */
export function LockedPanel({ title, gate }: { title: string; gate: RatingsGate }) {
  return (
    <section className={`card ${styles.lockedCard}`} aria-label={`${title} (locked)`}>
      <p className={styles.lockedWhat}>{gate.name}.</p>
      <UnlockLink gate={gate} />
    </section>
  );
}
