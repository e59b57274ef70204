import { userRoute } from '#shared/http/route-handler';
import { buildImportDeps } from '../adapters/import-deps';
import { retryImport } from '../core/retry-import';
import { retryImportSchema } from './retry-import.schema';

const deps = buildImportDeps();

/**
 * POST retry_import: runs a failed import again on its uploaded file (the upload screen's Retry).
 * 404 for a job out of reach; 409 when it is not a failure that can be retried.
 */
export const handler = userRoute(retryImportSchema, (input, { caller }) =>
  retryImport(deps, caller, input),
);
