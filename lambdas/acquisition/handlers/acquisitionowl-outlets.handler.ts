import { outletsInputSchema } from '#shared/contracts/acquisition.schema';
import { publicRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildAcquisitionDeps } from '../adapters/acquisition-deps';
import { listOutlets } from '../core/acquisition';
import type { AcquisitionDeps } from '../core/ports';

/**
 * POST /ss_rest/acquisitionowl_outlets (spec §7): `{ regions?, broadcast_type?, format? }` →
 * `{ result: OutletList }` (ratings, median spot rates and VPA; sample cohort unless the caller
 * passes the real-ratings gate). 400 naming the field.
 */
export function makeHandler(deps: AcquisitionDeps) {
  return publicRoute(outletsInputSchema, (input, { caller }) => listOutlets(deps, caller, input));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildAcquisitionDeps()));
