import type { CompaniesRepository } from '#shared/companies/companies';
import type { SweptJobKind } from '#shared/jobs/job-timeouts';

/** A job in the index of jobs in a non-terminal state (layers/shared/jobs/active-jobs.ts). */
export interface ActiveJobRef {
  kind: SweptJobKind;
  id: string;
  /** When the job entered the state the marker was written for (ISO-8601 UTC). */
  since: string;
}

/** The index of jobs in a non-terminal state. */
export interface ActiveJobIndex {
  /** Markers whose job entered its state before `before`, oldest first. */
  listSince(before: Date): Promise<ActiveJobRef[]>;
  /** Removes a marker (its job is finished, gone or failed by the sweeper). */
  drop(ref: ActiveJobRef): Promise<void>;
}

/** The state of a job, as the sweeper needs it. */
export interface JobState {
  status: string;
  /** When it entered that status (ISO-8601 UTC). */
  updated_at: string;
  /** The job's client, when it has one (a report run holds that client's run slot). */
  client_uid?: string;
}

/** Jobs of one kind (import jobs, report runs). */
export interface SweptJobs {
  state(id: string): Promise<JobState | null>;
  /**
   * Marks the job failed with `message` (a user-facing reason), only if it is still in `was`
   * (status and updated_at unchanged: the job did not move meanwhile).
   * @returns false when the job moved on or is gone.
   */
  fail(id: string, was: JobState, message: string, at: Date): Promise<boolean>;
}

/**
 * The per-client slots of the report-run throttle (lambdas/reports/core/run-throttle.ts: one run
 * of a client at a time): a run that ends gives its slot back.
 */
export interface RunSlots {
  /** Frees the client's slot when `reportId` still holds it; otherwise changes nothing. */
  release(clientUid: string, reportId: string): Promise<void>;
}

/** Everything the sweeper needs. */
export interface SweepDeps {
  index: ActiveJobIndex;
  jobs: Record<SweptJobKind, SweptJobs>;
  runSlots: RunSlots;
  /**
   * The clients, so a report run failed as stuck leaves its reason on its client
   * (latest_report_error, shown in the task list). Absent: only the job records it.
   */
  clients?: Pick<CompaniesRepository, 'updateClient'>;
  now: () => Date;
}
