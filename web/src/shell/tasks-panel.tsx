import { Link } from 'react-router-dom';
import type { QueueReportType } from '#shared/contracts/company-queue.schema';
import styles from './shell.module.css';
import type { QueueName, ShownItem, ShownQueues } from './task-queue';
import { itemKey } from './task-queue';

const KIND: Record<QueueReportType, string> = {
  postlog_import: 'Post-log import',
  visits_import: 'Visits import',
  ga_pull: 'Google Analytics pull',
  report: 'Report',
  generated_report: 'Generated report',
  org_reporting: 'Organisation roll-up',
};

/** Props of {@link TasksList}. */
export interface TasksListProps {
  queues: ShownQueues;
  /** Whether a client's report is open (its queue is shown then). */
  hasClient: boolean;
  newVersion: boolean;
  loading: boolean;
  failedToLoad: boolean;
  onClear: (queue: QueueName, item?: ShownItem) => void;
}

function status(item: ShownItem): string {
  if (item.failed) return 'Failed';
  if (item.complete) return 'Complete';
  return `${Math.round(item.progress)}%`;
}

function TaskRow({ item, onClear }: { item: ShownItem; onClear: () => void }) {
  const title = `${KIND[item.report_type]}: ${item.client_name}`;
  return (
    <li
      className={styles.task}
      data-state={item.failed ? 'failed' : item.complete ? 'complete' : 'running'}
    >
      <div className={styles.taskHead}>
        <span className={styles.taskTitle}>{title}</span>
        <span className={styles.taskStatus}>{status(item)}</span>
      </div>
      {item.label && <div className={styles.taskLabel}>{item.label}</div>}
      <div
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(item.progress)}
        className={styles.bar}
      >
        <span className={styles.barFill} style={{ width: `${Math.min(100, item.progress)}%` }} />
      </div>
      {item.failed && item.message && (
        <p className={styles.taskError} role="note">
          {item.message}
        </p>
      )}
      <div className={styles.taskActions}>
        {item.report_type === 'report' && item.report_id && item.complete && !item.failed && (
          <Link
            to={`/ss?client=${encodeURIComponent(item.client_uid)}&report=${encodeURIComponent(item.report_id)}`}
          >
            Open report
          </Link>
        )}
        <button
          type="button"
          className={styles.linkButton}
          onClick={onClear}
          aria-label={`Clear ${title}`}
        >
          Clear
        </button>
      </div>
    </li>
  );
}

function Queue({
  name,
  heading,
  items,
  onClear,
}: {
  name: QueueName;
  heading: string;
  items: ShownItem[];
  onClear: TasksListProps['onClear'];
}) {
  return (
    <section className={styles.queue} aria-label={heading}>
      <div className={styles.queueHead}>
        <h3 className={styles.queueTitle}>{heading}</h3>
        {items.length > 0 && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => onClear(name)}
            aria-label={`Clear all ${heading.toLowerCase()}`}
          >
            Clear all
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <p className={styles.muted}>Nothing running.</p>
      ) : (
        <ul className={styles.taskList}>
          {items.map((item) => (
            <TaskRow key={itemKey(item)} item={item} onClear={() => onClear(name, item)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The tasks panel's content (spec §2 "tasks panel", §4 "Queue (companies)"): the user's jobs and
 * the open client's, each with a progress bar, failures with their message, a finished report
 * with a link to it, Clear per item and Clear all; "A new version is available" with a reload.
 */
export function TasksList({
  queues,
  hasClient,
  newVersion,
  loading,
  failedToLoad,
  onClear,
}: TasksListProps) {
  return (
    <div className={styles.tasks}>
      {newVersion && (
        <div className={styles.versionNote} role="status">
          A new version is available -{' '}
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => window.location.reload()}
          >
            reload
          </button>
        </div>
      )}
      {loading && <p className={styles.muted}>Loading your jobs…</p>}
      {failedToLoad && queues.user.length === 0 && (
        <p className={styles.muted}>We couldn't load your jobs; we'll try again shortly.</p>
      )}
      <Queue name="user" heading="Your jobs" items={queues.user} onClear={onClear} />
      {hasClient && (
        <Queue name="client" heading="This client" items={queues.client} onClear={onClear} />
      )}
    </div>
  );
}
