import { calculateInputSchema } from '#shared/contracts/acquisition.schema';
import { publicRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildAcquisitionDeps } from '../adapters/acquisition-deps';
import { calculate } from '../core/acquisition';
import type { AcquisitionDeps } from '../core/ports';

/**
 * POST /ss_rest/acquisitionowl_calculate (spec §7): a budget over chosen outlets →
 * `{ result: CalculateResult }` (airings, visits with interval, cost per visit, budget curve,
 * notes). 400 naming the field; 404 when `client_uid` names a client the caller may not view.
 */
export function makeHandler(deps: AcquisitionDeps) {
  return publicRoute(calculateInputSchema, (input, { caller }) => calculate(deps, caller, input));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildAcquisitionDeps()));
