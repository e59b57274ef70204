/**
 * Route rows of campaigns, named flights a report can be scoped to (lambdas/campaigns/handlers/; spec §7 "Campaigns"). Assembled into ROUTES by layers/shared/routes.ts.
 */

import type { RouteDef } from '../route-def';

/** The campaigns routes, in registry order. */
export const CAMPAIGN_ROUTES: readonly RouteDef[] = [];
