import { format } from 'date-fns';
import { useState } from 'react';
import type { ImportJob } from '#shared/contracts/postlog.schema';
import { errorMessage } from '../api/client';
import { usePendingImports } from '../api/use-pending-imports';
import { ImportStatus } from './import-status';
import css from './pending-reviews.module.css';

/** `1 row with errors`, `3 rows with errors`. */
const rowsWithErrors = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'} with errors`;

/** Props of {@link PendingReviews}. */
export interface PendingReviewsProps {
  clientUid: string;
  clientName: string | undefined;
  /** Called when a reviewed import completes (the caller refreshes clients and the report). */
  onImported: (job: ImportJob) => void;
}

/**
 * The client's imports waiting for review (pending_imports): files with row errors and nothing
 * applied, from a post-log drop or an upload whose page was closed. Each opens the same review
 * as a fresh upload (import the clean rows, fix years, remap columns). Nothing renders when
 * none waits.
 */
export function PendingReviews({ clientUid, clientName, onImported }: PendingReviewsProps) {
  const pending = usePendingImports(clientUid);
  const [open, setOpen] = useState<string | null>(null);
  const jobs = pending.data?.imports ?? [];
  if (pending.error)
    return (
      <p className="upload__hint" role="alert">
        The imports waiting for review could not be loaded: {errorMessage(pending.error)}
      </p>
    );
  if (jobs.length === 0) return null;

  const done = (job: ImportJob) => {
    setOpen(null);
    void pending.mutate();
    onImported(job);
  };

  return (
    <section className={`card ${css.pending}`} aria-labelledby="pending-reviews-title">
      <h3 className="card__title" id="pending-reviews-title">
        Waiting for your review{clientName ? ` (${clientName})` : ''}
      </h3>
      <p className="upload__description">
        These files have rows with errors, so nothing from them is imported yet.
      </p>
      <ul className={css.list}>
        {jobs.map((job) => (
          <li key={job.postlog_id} className={css.item}>
            <div className={css.row}>
              <span className={css.file}>{job.file_name}</span>
              <span className={css.meta}>
                received {format(new Date(job.created_at), 'MMM d, yyyy, h:mm a')} ·{' '}
                {rowsWithErrors(job.report?.error_count ?? 0)}
              </span>
              <button
                type="button"
                className="button"
                aria-expanded={open === job.postlog_id}
                aria-label={`${open === job.postlog_id ? 'Close' : 'Review'} ${job.file_name}`}
                onClick={() => setOpen(open === job.postlog_id ? null : job.postlog_id)}
              >
                {open === job.postlog_id ? 'Close' : 'Review'}
              </button>
            </div>
            {open === job.postlog_id && (
              <ImportStatus key={job.postlog_id} postlogId={job.postlog_id} onComplete={done} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
