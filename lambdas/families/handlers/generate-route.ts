import type { FamilyKind } from '#shared/contracts/families.schema';
import {
  familyGenerateQuerySchema,
  familyGenerateRequestSchema,
} from '#shared/contracts/families.schema';
import { parseInput, userRoute } from '#shared/http/route-handler';
import { type StartDeps, startGeneration } from '../core/generate';

/**
 * A *_generate route (spec §7; GET, as the spec says): the query is the family's request
 * without `kind` (the route names it), checked per kind (the error names the missing field);
 * answers `{ job_id }` to follow with generated_report_status.
 */
export function generateRoute(kind: FamilyKind, deps: () => StartDeps) {
  return userRoute(familyGenerateQuerySchema, (input, { caller }) =>
    startGeneration(deps(), caller, parseInput(familyGenerateRequestSchema, { ...input, kind })),
  );
}
