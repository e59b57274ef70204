import type { WalkRow } from '../route-walk-inputs';
import { clientOnly } from './common';

/**
 * The route walk's rows of the imports context (uploads, their imports and review); the routes: layers/shared/routes/imports.routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The imports routes' rows, by route name. */
export const IMPORTS_WALK_INPUTS: Record<string, WalkRow> = {
  create_upload: {
    target: { client: 'import' },
    input: (v) => ({ kind: 'visits', file_name: 'walk-visits.csv', client_uid: v.clientUid }),
  },
  get_import: { target: 'owned', input: (v) => ({ postlog_id: v.postlogId }) },
  confirm_import: { target: 'owned', input: (v) => ({ postlog_id: v.postlogId }) },
  retry_import: { target: 'owned', input: (v) => ({ postlog_id: v.postlogId }) },
  pending_imports: { target: { client: 'import' }, input: clientOnly },
};
