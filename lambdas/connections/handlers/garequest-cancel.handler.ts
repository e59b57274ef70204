import { garequestCancelSchema } from '#shared/contracts/connections.schema';
import { type Authenticators, userRoute } from '#shared/http/route-handler';
import { connectionDeps } from '../adapters/connection-deps';
import { cancelRequest } from '../core/connection-requests';
import type { ConnectionDeps } from '../core/ports';

/**
 * POST /ss_rest/garequest_cancel: cancels an open connection request of a client the caller may
 * edit; its link stops working (404 unknown, 409 no longer open).
 */
export function makeHandler(deps: () => ConnectionDeps, authenticators?: Authenticators) {
  return userRoute(
    garequestCancelSchema,
    (input, { caller }) => cancelRequest(deps(), caller, input),
    authenticators,
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(connectionDeps);
