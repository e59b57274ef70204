import { revokeDropSchema } from '#shared/contracts/drops.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '#shared/lazy';
import { buildDropsDeps } from '../adapters/drops-deps';
import type { DropsDeps } from '../core/ports';
import { revokeDrop } from '../core/revoke-drop';

/**
 * POST /ss_rest/revoke_drop: revokes a drop (its SFTP user is refused from the next login; files
 * still arriving are not imported). 404 for an unknown drop or one out of reach, 403 for a
 * plain member of its organisation.
 */
export function makeHandler(deps: DropsDeps) {
  return userRoute(revokeDropSchema, (input, { caller }) => revokeDrop(deps, caller, input));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => buildDropsDeps()));
