/**
 * Route rows of generated report families (lambdas/families/handlers/; spec §1 report families, §7 "Reports and generation": the *_options and *_generate calls). Assembled into ROUTES by layers/shared/routes.ts.
 */

import { contextRoute, type RouteDef } from '../route-def';

/** The families routes, in registry order. */
export const FAMILY_ROUTES: readonly RouteDef[] = [
  // What can be chosen: the clients the caller may see with their months / quarters, and the
  // caller's recent generated reports (job items and their links in the reports bucket).
  ...contextRoute(
    'monthly_report_options',
    'GET',
    'user',
    ['companies:read', 'reports:read'],
    'families',
  ),
  ...contextRoute(
    'quarterly_report_options',
    'GET',
    'user',
    ['companies:read', 'reports:read'],
    'families',
  ),
  // Start a job (GET, as the spec says): the job item and the caller's job index entry, then
  // one message on the GenerateQueue.
  ...contextRoute(
    'monthly_report_generate',
    'GET',
    'user',
    ['companies:read', 'companies:write', 'generate:send'],
    'families',
  ),
  ...contextRoute(
    'monthly_ng_report_generate',
    'GET',
    'user',
    ['companies:read', 'companies:write', 'generate:send'],
    'families',
  ),
  ...contextRoute(
    'quarterly_report_generate',
    'GET',
    'user',
    ['companies:read', 'companies:write', 'generate:send'],
    'families',
  ),
  ...contextRoute(
    'generated_report_status',
    'GET',
    'user',
    ['companies:read', 'reports:read'],
    'families',
  ),
  // The organisation families: their generate calls first check what the caller may see
  // (companies), then start a job as the client families do.
  ...contextRoute(
    'monthly_tsq_report_generate',
    'GET',
    'user',
    ['companies:read', 'companies:write', 'generate:send'],
    'families',
  ),
  ...contextRoute(
    'advertiser_report_generate',
    'GET',
    'user',
    ['companies:read', 'companies:write', 'generate:send'],
    'families',
  ),
  ...contextRoute(
    'activity_report_generate',
    'GET',
    'user',
    ['companies:read', 'companies:write', 'generate:send'],
    'families',
  ),
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
