import { listDropsSchema } from '#shared/contracts/drops.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildDropsDeps } from '../adapters/drops-deps';
import { listDrops } from '../core/list-drops';
import type { DropsDeps } from '../core/ports';

/**
 * GET /ss_rest/list_drops: an organisation's drops with their last use and last file result,
 * for its owners and admins (404 outside the organisation, 403 for a plain member).
 */
export function makeHandler(deps: DropsDeps) {
  return userRoute(listDropsSchema, (input, { caller }) => listDrops(deps, caller, input));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildDropsDeps()));
