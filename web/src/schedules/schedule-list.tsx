import { useEffect, useRef, useState } from 'react';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { cadenceWords, nextRunWords, RANGE_LABELS, whatWords } from './schedule-words';
import styles from './schedules.module.css';

/** Props of {@link ScheduleList}. */
export interface ScheduleListProps {
  schedules: Schedule[];
  /**
   * The schedule whose action is in flight: its buttons do nothing meanwhile (aria-disabled,
   * not disabled, so the button pressed keeps the keyboard focus). @default none
   */
  busy?: string | null;
  onEdit: (schedule: Schedule) => void;
  onPause: (schedule: Schedule, paused: boolean) => void;
  onDelete: (schedule: Schedule) => void;
  onHistory: (schedule: Schedule) => void;
}

/**
 * The client's schedules, one item each: what is sent, the cadence in words with its zone, the
 * next run in that zone (M/D/Y), the range covered, the recipients and Paused; with Edit,
 * Pause / Resume, Delivery history and Delete, which asks to confirm in place (focus moves to
 * the confirming button).
 */
export function ScheduleList({
  schedules,
  busy = null,
  onEdit,
  onPause,
  onDelete,
  onHistory,
}: ScheduleListProps) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  return (
    <ul className={styles.list} aria-label="Schedules">
      {schedules.map((s) => {
        const title = whatWords(s.what);
        const disabled = busy === s.schedule_id;
        return (
          <li key={s.schedule_id} className={styles.item}>
            <div className={styles.itemHead}>
              <h3 className={styles.itemTitle}>{title}</h3>
              {s.paused && <span className="badge badge--muted">Paused</span>}
            </div>
            <dl className={styles.facts}>
              <dt>When</dt>
              <dd>{cadenceWords(s.cadence, s.local_time, s.time_zone)}</dd>
              <dt>Next run</dt>
              <dd>{nextRunWords(s)}</dd>
              <dt>Covers</dt>
              <dd>{RANGE_LABELS[s.range]}</dd>
              <dt>Recipients</dt>
              <dd>{s.recipients.length > 0 ? s.recipients.join(', ') : 'None (paused)'}</dd>
              <dt>Format</dt>
              <dd>{s.format.csv ? 'PDF and CSV' : 'PDF'}</dd>
            </dl>
            {confirming === s.schedule_id ? (
              <div className={styles.confirm}>
                <p>Delete this schedule? Nothing more will be sent; its history goes with it.</p>
                <button
                  ref={confirmRef}
                  type="button"
                  className="button button--primary"
                  aria-disabled={disabled || undefined}
                  onClick={() => !disabled && onDelete(s)}
                >
                  Delete schedule
                </button>
                <button type="button" className="button" onClick={() => setConfirming(null)}>
                  Keep it
                </button>
              </div>
            ) : (
              <div className={styles.actions}>
                <button
                  type="button"
                  className="button"
                  aria-disabled={disabled || undefined}
                  onClick={() => !disabled && onEdit(s)}
                  aria-label={`Edit ${title}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button"
                  aria-disabled={disabled || undefined}
                  onClick={() => !disabled && onPause(s, !s.paused)}
                  aria-label={`${s.paused ? 'Resume' : 'Pause'} ${title}`}
                >
                  {s.paused ? 'Resume' : 'Pause'}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => onHistory(s)}
                  aria-label={`Delivery history of ${title}`}
                >
                  Delivery history
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-disabled={disabled || undefined}
                  onClick={() => !disabled && setConfirming(s.schedule_id)}
                  aria-label={`Delete ${title}`}
                >
                  Delete
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
