import { lazy } from '#shared/lazy';
import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { RATINGS_RECOMPUTE_WORKER } from '#shared/workers';
import { recomputeDepsFromEnv } from '../adapters/ratings-deps';
import { type RecomputeDeps, recomputeRatings } from '../core/recompute';

/**
 * The RatingsRecompute worker (workers.ts RATINGS_RECOMPUTE_WORKER; EventBridge daily at 06:00
 * UTC, locally croner daily and once after the sample seed): publishes every ended month not yet
 * published. Event `{ force: true }` (staff CLI, bench) rewrites published months too.
 */
export function makeHandler(deps: RecomputeDeps) {
  return workerHandler(RATINGS_RECOMPUTE_WORKER.id, async (event: { force?: boolean } | null) => {
    const summary = await recomputeRatings(deps, { force: event?.force === true });
    logger.info('ratings recompute', { ...summary, published: summary.published.length });
    return summary;
  });
}

// Composition root: built on the first run, reused by the container.
export const handler = makeHandler(lazy(recomputeDepsFromEnv));
