import { orgReportingRequestSchema } from '#shared/contracts/org-families.schema';
import { userRoute } from '#shared/http/route-handler';
import { startRollupDepsFromEnv } from '../adapters/org-rollup-deps';
import { type StartRollupDeps, startOrgRollup } from '../core/org-rollup-job';

/**
 * POST /ss_rest/generate_org_reporting (spec §7 "Reports and generation"): starts the roll-up
 * of every client of an organisation (and its sub-organisations) the caller may see, over a
 * period: `{ org_uid, start, end, executive_only? }` -> `{ job_id }`. Progress in the tasks panel
 * (org_reporting) and generated_report_status, which links the zip when done. 404 for an
 * organisation whose clients the caller cannot see.
 */
export function makeHandler(deps: () => StartRollupDeps) {
  return userRoute(orgReportingRequestSchema, (input, { caller }) =>
    startOrgRollup(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(startRollupDepsFromEnv);
