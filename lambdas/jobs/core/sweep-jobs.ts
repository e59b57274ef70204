import { NotFound } from '#shared/errors';
import { JOB_TIMEOUTS_S, STUCK_JOB_MESSAGES } from '#shared/jobs/job-timeouts';
import type { ActiveJobRef, JobState, SweepDeps } from './ports';

/** What one sweep did. */
export interface SweepResult {
  /** Jobs failed as stuck. */
  failed: ActiveJobRef[];
  /** Markers of jobs that had already finished (or never started) removed. */
  dropped: number;
}

/** The shortest timeout of any kind and state: younger markers are not read at all. */
const SHORTEST_S = Math.min(
  ...Object.values(JOB_TIMEOUTS_S).flatMap((byState) => Object.values(byState)),
);

/**
 * Fails every job stuck in a non-terminal state past its timeout (JOB_TIMEOUTS_S), so no import
 * or report run shows "in progress" for ever. EventBridge runs it every 5 minutes (croner
 * locally). Steps: 1. list the markers of jobs that entered their state longer ago than the
 * shortest timeout; 2. read each job: gone, or in a state that is not timed (finished, in
 * review) -> drop the marker; 3. in a timed state for longer than its timeout (counted from
 * the job's own updated_at) -> fail it with the kind's reason (STUCK_JOB_MESSAGES; failJob);
 * 4. otherwise leave it for a later sweep. A failed import can be retried (retry_import); a
 * failed report run with Run report again, at once (its client's run slot is given back).
 */
export async function sweepJobs(deps: SweepDeps): Promise<SweepResult> {
  const now = deps.now();
  const result: SweepResult = { failed: [], dropped: 0 };
  const refs = await deps.index.listSince(new Date(now.getTime() - SHORTEST_S * 1000));
  for (const ref of refs) {
    const jobs = deps.jobs[ref.kind];
    const state = await jobs.state(ref.id);
    const timeout = state ? JOB_TIMEOUTS_S[ref.kind][state.status] : undefined;
    if (!state || timeout === undefined) {
      await deps.index.drop(ref);
      result.dropped++;
      continue;
    }
    const age = (now.getTime() - Date.parse(state.updated_at)) / 1000;
    if (!(age > timeout)) continue;
    if (await failJob(deps, ref, state, STUCK_JOB_MESSAGES[ref.kind], now)) {
      result.failed.push(ref);
    }
  }
  return result;
}

/**
 * Fails one job that will not finish by itself (stuck past its timeout, or run by a process that
 * is gone). Steps: 1. mark it failed with `message` (what the user reads), only if it is still
 * in the state `was` read (status and updated_at unchanged); 2. a report run failed in 1 gives
 * its client's run slot back, so the client need not wait for the slot's lease to run again,
 * and leaves `message` on the client as latest_report_error; 3. drop its marker.
 * @returns true when this call failed the job; false when it had moved on or is gone.
 */
export async function failJob(
  deps: Pick<SweepDeps, 'index' | 'jobs' | 'runSlots' | 'clients'>,
  ref: ActiveJobRef,
  was: JobState,
  message: string,
  at: Date,
): Promise<boolean> {
  const failed = await deps.jobs[ref.kind].fail(ref.id, was, message, at);
  if (failed && ref.kind === 'report' && was.client_uid) {
    await deps.runSlots.release(was.client_uid, ref.id);
    // The task list row shows why (cleared when a run completes); a client merged away is gone.
    await deps.clients
      ?.updateClient(was.client_uid, { latest_report_error: message })
      .catch((e: unknown) => {
        if (!(e instanceof NotFound)) throw e;
      });
  }
  await deps.index.drop(ref);
  return failed;
}
