/**
 * The route registry: the single source of the HTTP API. It generates the
 * API Gateway routes and their Lambdas (lib/stacks/api.stack.ts), the local gateway
 * (lib/local/gateway.ts), and the route-name table the browser resolves names from
 * (GET /ss_rest/routes; spec §7 "Route names are resolved from a server-provided table").
 */

import { type HttpMethod, type RouteDef, withRoleAccess } from './route-def';
import { ACCOUNT_ROUTES } from './routes/accounts.routes';
import { ACQUISITION_ROUTES } from './routes/acquisition.routes';
import { BILLING_ROUTES } from './routes/billing.routes';
import { CALL_CENTRE_ROUTES } from './routes/call-centre.routes';
import { CAMPAIGN_ROUTES } from './routes/campaigns.routes';
import { COMPANY_ROUTES } from './routes/companies.routes';
import { CONNECTION_ROUTES } from './routes/connections.routes';
import { CREATIVE_ROUTES } from './routes/creatives.routes';
import { DROP_ROUTES } from './routes/drops.routes';
import { FAMILY_ROUTES } from './routes/families.routes';
import { IMPORT_ROUTES } from './routes/imports.routes';
import { RATINGS_ROUTES } from './routes/ratings.routes';
import { REPORT_ROUTES } from './routes/reports.routes';
import { SCHEDULE_ROUTES } from './routes/schedules.routes';
import { STATION_ROUTES } from './routes/stations.routes';

export type { HttpMethod, RouteAuth, RouteDef } from './route-def';

/**
 * The HTTP route registry (house style: new routes go here): each route's name, method, path,
 * auth, handler and access. API Gateway, the route Lambdas and their grants, the local gateway
 * and the browser's route table are generated from it; withRoleAccess adds `identity:read` to
 * every signed-in route.
 */
export const ROUTES = withRoleAccess([
  {
    name: 'routes',
    method: 'GET',
    path: '/ss_rest/routes',
    handler: 'lambdas/platform/handlers/get-routes.handler.ts',
    auth: 'public',
    access: [],
  },
  ...COMPANY_ROUTES,
  ...IMPORT_ROUTES,
  ...DROP_ROUTES,
  ...REPORT_ROUTES,
  ...SCHEDULE_ROUTES,
  ...FAMILY_ROUTES,
  ...CAMPAIGN_ROUTES,
  ...CREATIVE_ROUTES,

  // Dropdown reference data (spec §7 "Dropdowns"), loaded by a seed step.
  {
    name: 'industries',
    method: 'GET',
    path: '/ss_rest/industries',
    handler: 'lambdas/reference/handlers/industries.handler.ts',
    auth: 'public',
    access: ['companies:read'],
  },
  {
    name: 'regions',
    method: 'GET',
    path: '/ss_rest/regions',
    handler: 'lambdas/reference/handlers/regions.handler.ts',
    auth: 'public',
    access: ['companies:read'],
  },
  ...STATION_ROUTES,
  ...RATINGS_ROUTES,
  ...ACQUISITION_ROUTES,
  ...ACCOUNT_ROUTES,

  // Forms (spec §7 comms and do_not_sell): MessagesTable and mail only.
  {
    name: 'comms',
    method: 'POST',
    path: '/ss_rest/comms',
    handler: 'lambdas/comms/handlers/comms.handler.ts',
    auth: 'public',
    access: ['messages:write', 'mail:send'],
  },
  {
    name: 'do_not_sell',
    method: 'POST',
    path: '/ss_rest/do_not_sell',
    handler: 'lambdas/comms/handlers/do-not-sell.handler.ts',
    auth: 'public',
    access: ['messages:write', 'mail:send'],
  },

  ...BILLING_ROUTES,
  ...CONNECTION_ROUTES,
  ...CALL_CENTRE_ROUTES,
] as const satisfies readonly RouteDef[]);

export type RouteName = (typeof ROUTES)[number]['name'];

/** The browser's route-name table: name -> { method, path }. */
export function routeTable(): Record<string, { method: HttpMethod; path: string }> {
  return Object.fromEntries(ROUTES.map((r) => [r.name, { method: r.method, path: r.path }]));
}
