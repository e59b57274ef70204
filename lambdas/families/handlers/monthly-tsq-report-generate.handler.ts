import { lazy, startDepsFromEnv } from '../adapters/compose';
import { orgOptionDeps } from '../adapters/org-family-deps';
import { orgGenerateRoute } from './org-generate-route';

/**
 * GET /ss_rest/monthly_tsq_report_generate (spec §7): starts the station month family; `{ job_id }` to follow with
 * generated_report_status. Refused at once for what the caller may not see.
 */
export const makeHandler = (
  deps: Parameters<typeof orgGenerateRoute>[1],
  checks: Parameters<typeof orgGenerateRoute>[2],
) => orgGenerateRoute('monthly_tsq', deps, checks);

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(startDepsFromEnv), orgOptionDeps);
