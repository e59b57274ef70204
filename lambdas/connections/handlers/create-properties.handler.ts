import { createPropertiesSchema } from '#shared/contracts/connections.schema';
import { type Authenticators, publicRoute } from '#shared/http/route-handler';
import { connectionDeps } from '../adapters/connection-deps';
import { createProperties } from '../core/create-properties';
import type { ConnectionDeps } from '../core/ports';

/**
 * POST /ss_rest/create_properties (public, bound to the grant list_properties stored for `code`):
 * connects the ticked properties (only ones that grant listed) and queues their backfill; the link
 * is used up.
 */
export function makeHandler(deps: () => ConnectionDeps, authenticators?: Authenticators) {
  return publicRoute(
    createPropertiesSchema,
    (input) => createProperties(deps(), input),
    authenticators,
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(connectionDeps);
