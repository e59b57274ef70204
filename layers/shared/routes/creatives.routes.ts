/**
 * Route rows of creatives and their media (lambdas/creatives/handlers/; spec §7 update_creatives, play_creative). Assembled into ROUTES by layers/shared/routes.ts.
 */

import type { RouteDef } from '../route-def';

/** The creatives routes, in registry order. */
export const CREATIVE_ROUTES: readonly RouteDef[] = [];
