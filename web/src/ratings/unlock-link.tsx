import { Link } from 'react-router-dom';
import type { RatingsGate } from '#shared/billing/ratings-gates';
import styles from './ratings.module.css';

/**
 * The Unlock button of a locked ratings feature: the gate table's label ("Unlock Industry
 * Insights") leading to its plans page, with the gate's sentence on what it unlocks.
 */
export function UnlockLink({ gate, compact = false }: { gate: RatingsGate; compact?: boolean }) {
  return (
    <span className={styles.unlock}>
      {!compact && <span className={styles.unlockWhy}>{gate.message}</span>}
      <Link
        className="button button--primary"
        to={gate.unlock_path}
        aria-label={compact ? `${gate.unlock_label}: ${gate.name}` : undefined}
      >
        {gate.unlock_label}
      </Link>
    </span>
  );
}

/** A locked panel in place of data the caller has not unlocked (nothing of it is fetched). */
export function LockedPanel({ title, gate }: { title: string; gate: RatingsGate }) {
  return (
    <section className={`card ${styles.locked}`} aria-label={`${title} (locked)`}>
      <h2 className="card__title">{title}</h2>
      <p>{gate.name} is part of a paid plan.</p>
      <UnlockLink gate={gate} />
    </section>
  );
}
