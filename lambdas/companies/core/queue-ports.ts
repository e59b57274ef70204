import type { UserJobEntry } from '#shared/jobs/user-jobs';

export type { UserJobEntry };

/**
 * A job's state as its own item tells it (import job, report run, or a GA4 connection's pulls),
 * read by the tasks panel. Instants ISO-8601 UTC.
 */
export interface JobSnapshot {
  /** review: an import waiting for the user to confirm its rows (not running any more). */
  status: 'queued' | 'running' | 'review' | 'complete' | 'failed';
  /** 0-100 when the job records it; absent or null when it does not (imports, older runs). */
  progress?: number | null;
  /** User-facing text of a failed (or reviewed) job. */
  message?: string | null;
  /** The report a run produced (report runs only). */
  report_id?: string | null;
  /** The job's client when it knows it (an import names its client when it lands). */
  client_uid?: string;
  /**
   * Last change of the job: a finished job shows for 24 h after it; '' when the job keeps no
   * finish time (a GA4 connection's pulls), then its start counts.
   */
  updated_at: string;
  /** The file's name or the property's name, when known. */
  detail?: string;
  /**
   * The advertiser a post-log import without a client will create or fill (its client is known
   * only when it lands): shown as the item's client name meanwhile.
   */
  advertiser?: string;
}

/** The key of an entry in a snapshot map. */
export const jobRef = (e: Pick<UserJobEntry, 'kind' | 'id'>) => `${e.kind}#${e.id}`;

/** The jobs the tasks panel reads (CompaniesTable in AWS and locally; memory in tests). */
export interface QueueJobs {
  /** The user's index entries of jobs started at or after `sinceIso`, newest first. */
  listUserJobs(userId: string, sinceIso: string): Promise<UserJobEntry[]>;
  /** The state of each entry's job, by jobRef; a job whose item is gone is absent. */
  snapshots(entries: readonly UserJobEntry[]): Promise<Map<string, JobSnapshot>>;
  /** Marks the entries hidden from the panel at `atIso` (their jobs are untouched). */
  hide(entries: readonly UserJobEntry[], atIso: string): Promise<void>;
}
