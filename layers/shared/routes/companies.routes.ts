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

/** The lake, the reports bucket and saved reports (client_merge moves a client's data). */
const MERGE_DATA: RouteDef['access'] = ['lake:write', 'reports:write', 'sessions:write'];

/** The per-user window counter (MessagesTable) and the team inbox (request_help). */
const HELP_MAIL: RouteDef['access'] = ['messages:write', 'mail:send'];

/** The companies routes, in registry order. */
export const COMPANY_ROUTES = [
  // The task list: clients, saved filters and favourites.
  ...companyRoute('fetch_companies', 'POST', 'user', ['companies:read']),
  ...companyRoute('save_filters', 'POST', 'user', COMPANIES_RW),
  ...companyRoute('save_favorite', 'POST', 'user', COMPANIES_RW),
  // Client info, edits, merge and help.
  ...companyRoute('fetch_company_breakdowns', 'POST', 'user', ['companies:read', 'reports:read']),
  // The goals and return calculator come from the caller's saved report settings.
  ...companyRoute('fetch_client_info', 'POST', 'user', ['companies:read', 'sessions:read']),
  ...companyRoute('company_save', 'POST', 'user', [...COMPANIES_RW, 'sessions:read']),
  // A merge rewrites the kept client's lake generations and copies the merged one's reports;
  // the merged client's scheduled deliveries move, their triggers re-pointed.
  ...companyRoute('client_merge', 'POST', 'user', [
    ...COMPANIES_RW,
    ...MERGE_DATA,
    'schedules:trigger',
  ]),
  ...companyRoute('request_help', 'POST', 'user', ['companies:read', ...HELP_MAIL]),
  // The tasks panel and weekly trends.
  ...companyRoute('company_queue_monitor', 'POST', 'user', ['companies:read']),
  ...companyRoute('company_queue_clear', 'POST', 'user', COMPANIES_RW),
  ...companyRoute('weekly_trends', 'POST', 'user', ['companies:read']),
  // Foot-traffic locations.
  ...companyRoute('fetch_locations', 'POST', 'user', ['companies:read']),
  ...companyRoute('find_location', 'POST', 'user', ['companies:read']),
  ...companyRoute('save_location', 'POST', 'user', COMPANIES_RW),
  ...companyRoute('delete_location', 'POST', 'user', COMPANIES_RW),
  ...companyRoute('save_location_nickname', 'POST', 'user', COMPANIES_RW),
  ...companyRoute('save_location_hours', 'POST', 'user', COMPANIES_RW),
] as const satisfies readonly RouteDef[];
