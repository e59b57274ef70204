/**
 * The ratings recompute on the local stack: the RatingsRecompute worker (the handler AWS runs)
 * daily at the hour EventBridge runs it, with croner. Started by startLocalStack (local-stack.ts).
 */

import { Cron } from 'croner';
import { RATINGS_RECOMPUTE_WORKER } from '#shared/workers';
import { runRatingsRecompute } from './seed-ratings';

/**
 * Schedules the daily recompute (UTC). Failures are logged, never fatal.
 * @returns its stop step.
 */
export function startRatingsRecompute(log: (line: string) => void): () => Promise<void> {
  const job = new Cron(
    `0 ${RATINGS_RECOMPUTE_WORKER.dailyAtUtcHour} * * *`,
    { protect: true, timezone: 'UTC' },
    () => runRatingsRecompute(log),
  );
  return async () => job.stop();
}
