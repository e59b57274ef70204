import { goalsInputSchema } from '#shared/contracts/acquisition.schema';
import { publicRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildAcquisitionDeps } from '../adapters/acquisition-deps';
import { calculateGoals } from '../core/acquisition';
import type { AcquisitionDeps } from '../core/ports';

/**
 * POST /ss_rest/acquisitionowl_calculate_goals (spec §7): a visits or acquisitions goal →
 * `{ result: GoalsResult }` (the cheapest mix within the outlets' caps, explained; feasible
 * false with the maximum when out of reach). 400 naming the field; 404 as calculate.
 */
export function makeHandler(deps: AcquisitionDeps) {
  return publicRoute(goalsInputSchema, (input, { caller }) => calculateGoals(deps, caller, input));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildAcquisitionDeps()));
