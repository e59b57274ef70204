/**
 * Route rows of generated report families (lambdas/families/handlers/; spec §1 report families, §7 "Reports and generation": the *_options and *_generate calls). Assembled into ROUTES by layers/shared/routes.ts.
 */

import { contextRoute, type RouteDef } from '../route-def';

/** The families routes, in registry order. */
export const FAMILY_ROUTES: readonly RouteDef[] = [
  // The organisation families: what can be chosen, from the caller's visible clients.
  ...contextRoute('station_group_options', 'GET', 'user', ['companies:read'], 'families'),
  // The organisation roll-up: plans it (reports bucket), records the job, starts OrgReporting.
  ...contextRoute(
    'generate_org_reporting',
    'POST',
    'user',
    ['companies:read', 'companies:write', 'reports:write', 'orgReporting:start'],
    'families',
  ),
];
