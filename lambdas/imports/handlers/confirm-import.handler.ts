import { userRoute } from '#shared/http/route-handler';
import { buildImportDeps } from '../adapters/import-deps';
import { confirmImport } from '../core/confirm-import';
import { confirmImportSchema } from './confirm-import.schema';

const deps = buildImportDeps();

/**
 * POST confirm_import: applies the clean rows of a job in review (spec §4). 404 for another
 * organisation's job; 409 when it is not in review (e.g. confirmed already).
 */
export const handler = userRoute(confirmImportSchema, (input, { caller }) =>
  confirmImport(deps, caller, input),
);
