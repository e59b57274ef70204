import { lazy } from '#shared/lazy';
import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { JOB_SWEEPER_WORKER } from '#shared/workers';
import { collectLakeGarbage } from '../../imports/core/collect-lake-garbage';
import { sweeperDeps } from '../adapters/sweeper-deps';
import { sweepJobs } from '../core/sweep-jobs';

/**
 * The JobSweeper worker (workers.ts JOB_SWEEPER_WORKER; EventBridge every 5 minutes, locally a
 * croner job): fails stuck import jobs and report runs with their reason, then deletes the lake
 * generations no reader needs.
 */
export function makeHandler(deps: () => ReturnType<typeof sweeperDeps>) {
  return workerHandler(JOB_SWEEPER_WORKER.id, async () => {
    const d = deps();
    const swept = await sweepJobs(d.sweep);
    const garbage = await collectLakeGarbage(d.lake);
    logger.info('job sweep', {
      failed: swept.failed.map((r) => `${r.kind}:${r.id}`),
      dropped: swept.dropped,
      generationsDeleted: garbage.length,
    });
    return { failed: swept.failed, dropped: swept.dropped, generationsDeleted: garbage.length };
  });
}

// Composition root: built on the first sweep, reused by the container.
const deps = lazy(() => sweeperDeps());
export const handler = makeHandler(() => deps);
