/**
 * The ratings on the local stack, as startLocalStack (local-stack.ts) wires them: the ratings
 * site's own gateway port, the sample ratings' seed in the background, and the RatingsRecompute
 * worker (the handler AWS runs) daily at the hour EventBridge runs it, with croner.
 */

import { Cron } from 'croner';
import { RATINGS_RECOMPUTE_WORKER } from '#shared/workers';
import { type GatewayOptions, type LocalGateway, startGateway } from './gateway';
import type { SeedContext } from './seed';
import { runRatingsRecompute, seedRatingsIfMissing } from './seed-ratings';

/**
 * The ratings site's own port: the same routes and handlers as the main gateway, the ratings
 * brand's pages whatever the Host header; a taken port falls back to a free one.
 * @returns undefined without a `ratingsPort` (the site is then reached with Host ratings.localhost).
 */
export async function startRatingsGateway(
  options: GatewayOptions,
  ratingsPort: number | undefined,
): Promise<LocalGateway | undefined> {
  if (ratingsPort === undefined) return undefined;
  return startGateway({ ...options, port: ratingsPort, fallbackPort: true, brand: 'ratings' });
}

/**
 * Seeds the sample ratings in the background (a dozen report runs) unless a marker says they
 * are there. @returns its stop step: it aborts the seed and waits for it to end.
 */
export function startRatingsSeed(context: SeedContext): () => Promise<void> {
  const abort = new AbortController();
  const seeding = seedRatingsIfMissing(context, abort.signal);
  return async () => {
    abort.abort();
    await seeding;
  };
}

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
