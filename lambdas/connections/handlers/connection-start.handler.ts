import { connectionStartSchema } from '#shared/contracts/connections.schema';
import { type Authenticators, publicRoute } from '#shared/http/route-handler';
import { connectionDeps } from '../adapters/connection-deps';
import { connectionStart } from '../core/oauth-flow';
import type { ConnectionDeps } from '../core/ports';

/**
 * POST /ss_rest/connection_start (public): a connection link's `{xrg, cid}` -> Google's sign-in
 * address and the client's name; 410 request_gone for any link that does not work.
 */
export function makeHandler(deps: () => ConnectionDeps, authenticators?: Authenticators) {
  return publicRoute(
    connectionStartSchema,
    (input) => connectionStart(deps(), input),
    authenticators,
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(connectionDeps);
