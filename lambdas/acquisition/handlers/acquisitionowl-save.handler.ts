import { savePlanInputSchema } from '#shared/contracts/acquisition.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildAcquisitionDeps } from '../adapters/acquisition-deps';
import { savePlan } from '../core/acquisition';
import type { AcquisitionDeps } from '../core/ports';

/**
 * POST /ss_rest/acquisitionowl_save (spec §7; spec §3 client_info goals_and_objectives,
 * return_calculator): keeps the plan on a client →
 * `{ result: { client_info: { goals_and_objectives, return_calculator } } }`. 401 signed out,
 * 404 for a client the caller may not view, 403 without edit (demo client, view share).
 */
export function makeHandler(deps: AcquisitionDeps) {
  return userRoute(savePlanInputSchema, (input, { caller }) => savePlan(deps, caller, input));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildAcquisitionDeps()));
