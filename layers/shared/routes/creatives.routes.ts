/**
 * Route rows of creatives and their media (lambdas/creatives/handlers/; spec §7 update_creatives, play_creative). Assembled into ROUTES by layers/shared/routes.ts.
 */

import { contextRoute, type RouteDef } from '../route-def';

/** The creatives routes, in registry order. */
export const CREATIVE_ROUTES: readonly RouteDef[] = [
  // Edits, upload URLs (presigned PUT) and confirmations (reads, and deletes a refused file).
  ...contextRoute(
    'update_creatives',
    'POST',
    'user',
    ['companies:read', 'companies:write', 'media:read', 'media:write'],
    'creatives',
  ),
  ...contextRoute('play_creative', 'GET', 'user', ['companies:read', 'media:read'], 'creatives'),
  ...contextRoute('client_creatives', 'GET', 'user', ['companies:read'], 'creatives'),
];
