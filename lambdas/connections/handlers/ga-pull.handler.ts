import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { lazy } from '#shared/lazy';
import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { GA_PULL_WORKER } from '#shared/workers';
import { pullDepsFromEnv } from '../adapters/pull-deps';
import type { PullDeps } from '../core/pull/ports';
import { consumePulls, type PullReport } from '../core/pull/pull-queue';

/** Logs what a message did: ids, dates and counts only (never a token or a Google body). */
function log(r: PullReport): void {
  if (r.event === 'malformed')
    logger.error('ga pull message malformed', { messageId: r.messageId });
  else if (r.event === 'failed') {
    logger.error('ga pull failed', { messageId: r.messageId, error: r.error as Error });
  } else logger.info('ga pull', { messageId: r.messageId, ...r.outcome });
}

/**
 * The GaPull worker (workers.ts GA_PULL_WORKER; SQS GaPullQueue, ReportBatchItemFailures): pulls
 * the property of each message from the GA4 Data API into the client's visits; failed messages
 * come back in batchItemFailures.
 */
export function makeHandler(deps: () => PullDeps) {
  return workerHandler(
    GA_PULL_WORKER.id,
    (event: SQSEvent): Promise<SQSBatchResponse> =>
      consumePulls(
        deps(),
        event.Records.map((r) => ({ messageId: r.messageId, body: r.body })),
        log,
      ),
  );
}

// Composition root: built on the first message, reused by the container.
const deps = lazy(() => pullDepsFromEnv());
export const handler = makeHandler(() => deps);
