import { connectUrlSchema } from '#shared/contracts/connections.schema';
import { type Authenticators, userRoute } from '#shared/http/route-handler';
import { connectionDeps } from '../adapters/connection-deps';
import { connectUrl } from '../core/connection-requests';
import type { ConnectionDeps } from '../core/ports';

/**
 * POST /ss_rest/connect_url (spec §5 connection_url, connection_email): a connection request link
 * for a client the caller may edit (404 when not visible, 403 without edit), mailed when `email`
 * is given; answers ConnectUrlResult.
 */
export function makeHandler(deps: () => ConnectionDeps, authenticators?: Authenticators) {
  return userRoute(
    connectUrlSchema,
    (input, { caller }) => connectUrl(deps(), caller, input),
    authenticators,
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(connectionDeps);
