import { connectionRemoveSchema } from '#shared/contracts/connections.schema';
import { type Authenticators, userRoute } from '#shared/http/route-handler';
import { connectionDeps } from '../adapters/connection-deps';
import type { ConnectionDeps } from '../core/ports';
import { removeConnection } from '../core/remove-connection';

/**
 * POST /ss_rest/connection_remove: disconnects a connection of a client the caller may edit and
 * revokes its grant at Google; pulled visits stay.
 */
export function makeHandler(deps: () => ConnectionDeps, authenticators?: Authenticators) {
  return userRoute(
    connectionRemoveSchema,
    (input, { caller }) => removeConnection(deps(), caller, input),
    authenticators,
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(connectionDeps);
