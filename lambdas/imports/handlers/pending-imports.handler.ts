import { userRoute } from '#shared/http/route-handler';
import { buildImportDeps } from '../adapters/import-deps';
import { pendingImports } from '../core/pending-imports';
import { pendingImportsSchema } from './pending-imports.schema';

const deps = buildImportDeps();

/**
 * GET pending_imports: a client's imports waiting in review (browser uploads and post-log
 * drops). 404 for a client out of reach; 403 without `import`.
 */
export const handler = userRoute(pendingImportsSchema, (input, { caller }) =>
  pendingImports(deps, caller, input),
);
