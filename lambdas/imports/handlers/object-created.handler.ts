import type { S3Event } from 'aws-lambda';
import { decodeS3EventKey } from '#shared/aws/s3-event-key';
import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { IMPORT_WORKER } from '#shared/workers';
import { buildImportDeps } from '../adapters/import-deps';
import { onObjectCreated } from '../core/on-object-created';

const deps = buildImportDeps();

/**
 * The import Lambda (workers.ts IMPORT_WORKER): S3 object-created events of the uploads bucket
 * (s3rver's event locally). Keys outside UPLOAD_PREFIX are ignored; a retried event is a no-op.
 */
export const handler = workerHandler(IMPORT_WORKER.id, async (event: S3Event) => {
  const results = [];
  for (const record of event.Records ?? []) {
    const key = decodeS3EventKey(record.s3.object.key);
    const result = await onObjectCreated(deps, key, (error, postlogId) =>
      logger.error('import failed', { postlogId, error: error as Error }),
    );
    logger.info('object created', { key, ...result });
    results.push(result);
  }
  return results;
});
