import { userRoute } from '#shared/http/route-handler';
import { buildImportDeps } from '../adapters/import-deps';
import { getImport } from '../core/get-import';
import { getImportSchema } from './get-import.schema';

const deps = buildImportDeps();

/** GET get_import: the job's status and report; another organisation's job answers 404. */
export const handler = userRoute(getImportSchema, (input, { caller }) =>
  getImport(deps, caller, input.postlog_id),
);
