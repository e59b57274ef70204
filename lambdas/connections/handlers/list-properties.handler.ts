import { listPropertiesSchema } from '#shared/contracts/connections.schema';
import { type Authenticators, publicRoute } from '#shared/http/route-handler';
import { connectionDeps } from '../adapters/connection-deps';
import { listProperties } from '../core/oauth-flow';
import type { ConnectionDeps } from '../core/ports';

/**
 * POST /ss_rest/list_properties (public): after Google's return, `{code, state}` -> the GA4
 * properties the Google user reads (empty: No Views Found); 410 request_gone for a used, expired
 * or forged sign-in.
 */
export function makeHandler(deps: () => ConnectionDeps, authenticators?: Authenticators) {
  return publicRoute(
    listPropertiesSchema,
    (input) => listProperties(deps(), input),
    authenticators,
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(connectionDeps);
