import { noInput, publicRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildAcquisitionDeps } from '../adapters/acquisition-deps';
import { listRegions } from '../core/acquisition';
import type { AcquisitionDeps } from '../core/ports';

/**
 * POST /ss_rest/acquisitionowl_regions (spec §7 "Benchmarks", empty payload): the markets
 * with outlets, `{ result: AcquisitionRegion[] }`. Public: a visitor and a caller without the
 * real-ratings gate get the sample cohort's markets.
 */
export function makeHandler(deps: AcquisitionDeps) {
  return publicRoute(noInput, (_input, { caller }) => listRegions(deps, caller));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildAcquisitionDeps()));
