/**
 * Route rows of the imports context (lambdas/imports/handlers/): uploads, their imports and
 * review; assembled into ROUTES by layers/shared/routes.ts.
 */

import type { RouteDef } from '../route-def';

/** The imports routes, in registry order. */
export const IMPORT_ROUTES = [
  {
    name: 'create_upload',
    method: 'POST',
    path: '/ss_rest/create_upload',
    handler: 'lambdas/imports/handlers/create-upload.handler.ts',
    auth: 'user',
    access: ['companies:read', 'companies:write', 'uploads:write'],
  },
  {
    name: 'get_import',
    method: 'GET',
    path: '/ss_rest/get_import',
    handler: 'lambdas/imports/handlers/get-import.handler.ts',
    auth: 'user',
    access: ['companies:read'],
  },
  {
    name: 'confirm_import',
    method: 'POST',
    path: '/ss_rest/confirm_import',
    handler: 'lambdas/imports/handlers/confirm-import.handler.ts',
    auth: 'user',
    // API Gateway ends HTTP integrations at 30 s. Post-logs without errors are applied by the
    // import worker (300 s); confirm only applies files that went to review.
    timeoutS: 29,
    memoryMb: 3008,
    access: ['companies:read', 'companies:write', 'uploads:read', 'lake:read', 'lake:write'],
  },
  {
    // Runs a failed import again: announces its uploaded file anew (a copy onto itself), so the
    // import worker takes it as it took the upload.
    name: 'retry_import',
    method: 'POST',
    path: '/ss_rest/retry_import',
    handler: 'lambdas/imports/handlers/retry-import.handler.ts',
    auth: 'user',
    access: ['companies:read', 'companies:write', 'uploads:read', 'uploads:write'],
  },
  {
    // A client's imports waiting in review, browser uploads and post-log drops alike.
    name: 'pending_imports',
    method: 'GET',
    path: '/ss_rest/pending_imports',
    handler: 'lambdas/imports/handlers/pending-imports.handler.ts',
    auth: 'user',
    access: ['companies:read'],
  },
] as const satisfies readonly RouteDef[];
