import {
  type FamilyKind,
  familyGenerateQuerySchema,
  familyGenerateRequestSchema,
} from '#shared/contracts/families.schema';
import { parseInput, userRoute } from '#shared/http/route-handler';
import { type StartDeps, startGeneration } from '../core/generate';
import { precheckOrgFamily } from '../core/org-rollup-builders';
import type { OrgFamilyDeps } from '../core/org-rollup-ports';

/**
 * A *_generate route of an organisation family (station month, advertiser, activity): the
 * families' generate route (GET, the request checked per kind) with the family's own check of
 * what the caller may see first (precheckOrgFamily), so nothing is queued for what they may not.
 */
export function orgGenerateRoute(
  kind: Extract<FamilyKind, 'monthly_tsq' | 'advertiser' | 'activity'>,
  deps: () => StartDeps,
  checks: () => Pick<OrgFamilyDeps, 'companies' | 'groups'>,
) {
  return userRoute(familyGenerateQuerySchema, async (input, { caller }) => {
    const request = parseInput(familyGenerateRequestSchema, { ...input, kind });
    await precheckOrgFamily(checks(), caller, request);
    return startGeneration(deps(), caller, request);
  });
}
