import { createDropSchema } from '#shared/contracts/drops.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildDropsDeps } from '../adapters/drops-deps';
import { createDrop } from '../core/create-drop';
import type { DropsDeps } from '../core/ports';

/**
 * POST /ss_rest/create_drop: an organisation's owner or admin makes a post-log drop for a client
 * or the organisation; answers the drop and its connection details (shown once). 404 for a
 * client or organisation out of reach, 403 for a plain member, 409 when drops are off or the
 * client already has an active drop.
 */
export function makeHandler(deps: DropsDeps) {
  return userRoute(createDropSchema, (input, { caller }) => createDrop(deps, caller, input));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildDropsDeps()));
