/**
 * Route rows of campaigns, named flights a report can be scoped to (lambdas/campaigns/handlers/; spec §7 "Campaigns"). Assembled into ROUTES by layers/shared/routes.ts.
 */

import { contextRoute, type RouteDef } from '../route-def';

/**
 * The campaigns routes, in registry order: campaigns are items of the CompaniesTable under
 * their client, and a report session's campaign too (companies:read to list, :write to change).
 */
export const CAMPAIGN_ROUTES = [
  ...contextRoute(
    'create_campaign',
    'POST',
    'user',
    ['companies:read', 'companies:write'],
    'campaigns',
  ),
  ...contextRoute(
    'update_campaign',
    'POST',
    'user',
    ['companies:read', 'companies:write'],
    'campaigns',
  ),
  ...contextRoute('client_campaigns', 'GET', 'user', ['companies:read'], 'campaigns'),
  ...contextRoute(
    'update_session_campaign',
    'POST',
    'user',
    ['companies:read', 'companies:write'],
    'campaigns',
  ),
] as const satisfies readonly RouteDef[];
