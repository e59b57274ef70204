import { connectPropertySchema } from '#shared/contracts/connections.schema';
import { type Authenticators, userRoute } from '#shared/http/route-handler';
import { connectionDeps } from '../adapters/connection-deps';
import { connectProperty } from '../core/connect-property';
import type { ConnectionDeps } from '../core/ports';

/**
 * POST /ss_rest/connect_property: one more property for a client the caller may edit, through a
 * connection or Viewer access (non-staff: only a property of the client's proven website).
 */
export function makeHandler(deps: () => ConnectionDeps, authenticators?: Authenticators) {
  return userRoute(
    connectPropertySchema,
    (input, { caller }) => connectProperty(deps(), caller, input),
    authenticators,
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(connectionDeps);
