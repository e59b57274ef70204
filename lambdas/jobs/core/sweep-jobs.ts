import { JOB_TIMEOUTS_S, STUCK_JOB_MESSAGES } from '../../../layers/shared/jobs/job-timeouts';
import type { ActiveJobRef, SweepDeps } from './ports';

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
 * the job's own updated_at) -> mark it failed with the kind's reason (STUCK_JOB_MESSAGES), only
 * if it has not moved meanwhile, and drop the marker; 4. otherwise leave it for a later sweep.
 * A failed import can be retried (retry_import); a failed report run with Run report again.
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
    if (await jobs.fail(ref.id, state, STUCK_JOB_MESSAGES[ref.kind], now)) {
      result.failed.push(ref);
    }
    await deps.index.drop(ref);
  }
  return result;
}
