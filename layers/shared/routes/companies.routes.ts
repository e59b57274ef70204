/**
 * Route rows of the company task list context (lambdas/companies/handlers/; spec §2 "App shell",
 * §7 "Company task list"): the list and its filters, client info and edits, merge, help, the
 * tasks panel's jobs, weekly trends and foot-traffic locations. Assembled into ROUTES by
 * layers/shared/routes.ts.
 */

import { contextRoute, type HttpMethod, type RouteDef } from '../route-def';

/** One route of the companies context (handler lambdas/companies/handlers/<name>.handler.ts). */
const companyRoute = <N extends string, M extends HttpMethod, A extends RouteDef['auth']>(
  name: N,
  method: M,
  auth: A,
  access: RouteDef['access'],
) => contextRoute(name, method, auth, access, 'companies');

/** Read and write of the CompaniesTable. */
const COMPANIES_RW: RouteDef['access'] = ['companies:read', 'companies:write'];

/** The companies routes, in registry order. */
export const COMPANY_ROUTES = [
  // The task list: clients, saved filters and favourites.
  ...companyRoute('fetch_companies', 'POST', 'user', ['companies:read']),
  // Client info, edits, merge and help.
  // The tasks panel and weekly trends.
  ...companyRoute('company_queue_monitor', 'POST', 'user', ['companies:read']),
  ...companyRoute('company_queue_clear', 'POST', 'user', COMPANIES_RW),
  // Foot-traffic locations.
  ...companyRoute('fetch_locations', 'POST', 'user', ['companies:read']),
  ...companyRoute('find_location', 'POST', 'user', ['companies:read']),
  ...companyRoute('save_location', 'POST', 'user', COMPANIES_RW),
  ...companyRoute('delete_location', 'POST', 'user', COMPANIES_RW),
  ...companyRoute('save_location_nickname', 'POST', 'user', COMPANIES_RW),
  ...companyRoute('save_location_hours', 'POST', 'user', COMPANIES_RW),
] as const satisfies readonly RouteDef[];
