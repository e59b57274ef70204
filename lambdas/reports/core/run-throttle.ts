import { AppError } from '#shared/errors';
import type { ActiveRun, Clock, ReportJobs, ReportRuns } from './ports';

/**
 * The per-client throttle of report runs. A run costs Athena scans and minutes of Lambda, and
 * its Store step moves the client's latest report for everyone who sees the client, so a
 * client runs one report at a time and a bounded number an hour, whoever asks (staff included).
 */
export const REPORT_RUN_LIMITS = {
  /** Runs a client may start in one clock hour (UTC). */
  perHour: 20,
  /**
   * Seconds after which a run still marked queued or running no longer holds the slot: longer
   * than any healthy run (the report steps' Lambda timeouts add up to under 15 minutes), so a
   * run that crashed without being marked failed blocks its client for at most this long.
   */
  leaseS: 30 * 60,
} as const;

const HOUR_S = 3600;

/** Dependencies of {@link claimReportRun}. */
export interface RunThrottleDeps {
  runs: ReportRuns;
  jobs: Pick<ReportJobs, 'get'>;
  clock: Clock;
}

/** 429 `rate_limited`: a report of this client is queued or running. */
export function runInProgress(): AppError {
  return new AppError(
    'A report for this client is already running. Please wait for it to finish.',
    'rate_limited',
    429,
  );
}

/** 429 `rate_limited`: the client's runs of this hour are used; says when the next hour starts. */
export function hourlyRunsUsed(now: Date): AppError {
  const s = Math.floor(now.getTime() / 1000);
  const minutes = Math.max(1, Math.ceil((HOUR_S - (s % HOUR_S)) / 60));
  return new AppError(
    `This client has run ${REPORT_RUN_LIMITS.perHour} reports this hour, the most allowed. ` +
      `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    'rate_limited',
    429,
  );
}

/**
 * Takes the client's report slot for a new run (perform_report).
 * Steps: 1. read who holds the slot; 2. a holder still counts while its lease lasts and its job
 * is queued, running or not yet written; 3. one atomic write takes the slot (only if the holder
 * read in 1 still has it, so two racing callers cannot both pass) and counts the run in the
 * current UTC hour (only below REPORT_RUN_LIMITS.perHour). Nothing is written when refused.
 * @throws AppError 429 `rate_limited` (runInProgress or hourlyRunsUsed), whose message the
 *   report screen shows.
 */
export async function claimReportRun(
  deps: RunThrottleDeps,
  clientUid: string,
  reportId: string,
): Promise<void> {
  const now = deps.clock.now();
  const held = await deps.runs.active(clientUid);
  if (held && (await stillHolds(deps, held, now))) throw runInProgress();
  const s = Math.floor(now.getTime() / 1000);
  const outcome = await deps.runs.claim(
    { client_uid: clientUid, report_id: reportId, started_at: now.toISOString() },
    held?.report_id ?? null,
    REPORT_RUN_LIMITS.perHour,
    s - (s % HOUR_S),
  );
  if (outcome === 'busy') throw runInProgress();
  if (outcome === 'hour_full') throw hourlyRunsUsed(now);
}

async function stillHolds(deps: RunThrottleDeps, held: ActiveRun, now: Date): Promise<boolean> {
  const age = (now.getTime() - Date.parse(held.started_at)) / 1000;
  if (!(age < REPORT_RUN_LIMITS.leaseS)) return false;
  const job = await deps.jobs.get(held.report_id);
  // No job yet: the holder is between taking the slot and writing its job.
  return !job || job.status === 'queued' || job.status === 'running';
}
