import type { S3Event } from 'aws-lambda';
import { decodeS3EventKey } from '#shared/aws/s3-event-key';
import { lazy } from '#shared/lazy';
import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { DROP_WORKER } from '#shared/workers';
import { buildDropFileDeps } from '../adapters/drops-deps';
import { onDropObject } from '../core/on-drop-object';
import type { DropFileDeps } from '../core/ports';

/**
 * The S3-event handler over `deps` (workers.ts DROP_WORKER): one outcome per record; a file
 * not imported (no active drop, not a CSV) is logged as a warning and reported in its result
 * file; a retried event imports nothing twice.
 */
export function makeHandler(deps: DropFileDeps) {
  return workerHandler(DROP_WORKER.id, async (event: S3Event) => {
    const results = [];
    for (const record of event.Records ?? []) {
      const key = decodeS3EventKey(record.s3.object.key);
      const result = await onDropObject(deps, key, (error, context) =>
        logger.error('drop import failed', { key, context, error: error as Error }),
      );
      if (result.outcome === 'ignored')
        logger.warn('dropped file not imported', { key, ...result });
      else logger.info('dropped file', { key, ...result });
      results.push(result);
    }
    return results;
  });
}

// Composition root of the drop worker: built on the first event, reused by the container.
export const handler = makeHandler(lazy(() => buildDropFileDeps()));
