import { lazy } from '#shared/lazy';
import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { GA_PULL_SCHEDULE_WORKER } from '#shared/workers';
import { scheduleDepsFromEnv } from '../adapters/pull-deps';
import type { PullDeps } from '../core/pull/ports';
import { type ScheduledPulls, schedulePulls } from '../core/pull/schedule-pulls';

/**
 * The GaPullSchedule worker (workers.ts GA_PULL_SCHEDULE_WORKER; EventBridge every hour, locally
 * a croner job): queues the hourly re-pull of every connected property, and resumes stalled
 * backfills.
 */
export function makeHandler(deps: () => Pick<PullDeps, 'store' | 'queue' | 'now'>) {
  return workerHandler(GA_PULL_SCHEDULE_WORKER.id, async (): Promise<ScheduledPulls> => {
    const scheduled = await schedulePulls(deps());
    logger.info('ga pull schedule', { ...scheduled });
    return scheduled;
  });
}

// Composition root: built on the first run, reused by the container.
const deps = lazy(() => scheduleDepsFromEnv());
export const handler = makeHandler(() => deps);
