import { getConnectionsSchema } from '#shared/contracts/connections.schema';
import { type Authenticators, userRoute } from '#shared/http/route-handler';
import { connectionDeps } from '../adapters/connection-deps';
import { getConnections } from '../core/get-connections';
import type { ConnectionDeps } from '../core/ports';

/**
 * GET /ss_rest/get_connections: a client's Connections panel for a caller who may view it (404
 * otherwise); answers GetConnectionsResult.
 */
export function makeHandler(deps: () => ConnectionDeps, authenticators?: Authenticators) {
  return userRoute(
    getConnectionsSchema,
    (input, { caller }) => getConnections(deps(), caller, input),
    authenticators,
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(connectionDeps);
