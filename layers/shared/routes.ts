/**
 * The route registry: the single source of the HTTP API (issue #2 §7). It generates the
 * API Gateway routes and their Lambdas (lib/stacks/api.stack.ts), the local gateway
 * (lib/local/gateway.ts), and the route-name table the browser resolves names from
 * (GET /ss_rest/routes; spec §7 "Route names are resolved from a server-provided table").
 */

import {
  accountRoute,
  contextRoute,
  type HttpMethod,
  type RouteDef,
  reportRoute,
  withRoleAccess,
} from './route-def';

export type { HttpMethod, RouteAuth, RouteDef } from './route-def';

/** Access of cls_activity: call records, the CRM hand-off queue and mail. */
const CALL_WRITE: RouteDef['access'] = ['calls:read', 'calls:write', 'crm:send', 'mail:send'];

/** Access of the billing routes that change billing: the CompaniesTable and Stripe. */
const BILLING_WRITE: RouteDef['access'] = ['companies:read', 'companies:write', 'billing:secrets'];

/**
 * Access of the public connection routes (a Google sign-in in progress): the client, connection
 * requests and connections (CompaniesTable), sign-ins and pending grants (SessionsTable), Google
 * and the token key.
 */
const CONNECT_PUBLIC: RouteDef['access'] = [
  'companies:read',
  'companies:write',
  'sessions:read',
  'sessions:write',
  'google:connect',
];

/** Access of the connection routes that change a client's connections through Google. */
const CONNECT_EDIT: RouteDef['access'] = ['companies:read', 'companies:write', 'google:connect'];

/** One route of the connections context (handler in lambdas/connections/handlers/). */
const connectionRoute = <N extends string, M extends HttpMethod, A extends RouteDef['auth']>(
  name: N,
  method: M,
  auth: A,
  access: RouteDef['access'],
) => contextRoute(name, method, auth, access, 'connections');

/** Access of the report-session routes that write: the client and the SessionsTable. */
const SESSION_WRITE: RouteDef['access'] = ['companies:read', 'sessions:read', 'sessions:write'];

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
  {
    name: 'fetch_companies',
    method: 'POST',
    path: '/ss_rest/fetch_companies',
    handler: 'lambdas/companies/handlers/fetch-companies.handler.ts',
    auth: 'user',
    access: ['companies:read'],
  },
  {
    name: 'create_upload',
    method: 'POST',
    path: '/ss_rest/create_upload',
    handler: 'lambdas/imports/handlers/create-upload.handler.ts',
    auth: 'user',
    access: ['companies:read', 'companies:write', 'uploads:write'],
  },
  {
    name: 'get_import',
    method: 'GET',
    path: '/ss_rest/get_import',
    handler: 'lambdas/imports/handlers/get-import.handler.ts',
    auth: 'user',
    access: ['companies:read'],
  },
  {
    name: 'confirm_import',
    method: 'POST',
    path: '/ss_rest/confirm_import',
    handler: 'lambdas/imports/handlers/confirm-import.handler.ts',
    auth: 'user',
    // API Gateway ends HTTP integrations at 30 s. Post-logs without errors are applied by the
    // import worker (300 s); confirm only applies files that went to review.
    timeoutS: 29,
    memoryMb: 3008,
    access: ['companies:read', 'companies:write', 'uploads:read', 'lake:read', 'lake:write'],
  },
  {
    // Runs a failed import again: announces its uploaded file anew (a copy onto itself), so the
    // import worker takes it as it took the upload.
    name: 'retry_import',
    method: 'POST',
    path: '/ss_rest/retry_import',
    handler: 'lambdas/imports/handlers/retry-import.handler.ts',
    auth: 'user',
    access: ['companies:read', 'companies:write', 'uploads:read', 'uploads:write'],
  },
  {
    // A client's imports waiting in review, browser uploads and post-log drops alike.
    name: 'pending_imports',
    method: 'GET',
    path: '/ss_rest/pending_imports',
    handler: 'lambdas/imports/handlers/pending-imports.handler.ts',
    auth: 'user',
    access: ['companies:read'],
  },
  // Post-log drops: an organisation's owners and admins manage them; `drops:sftp` tells the
  // routes how uploaders reach drops (the SFTP server's host, when the stage has one).
  {
    name: 'create_drop',
    method: 'POST',
    path: '/ss_rest/create_drop',
    handler: 'lambdas/drops/handlers/create-drop.handler.ts',
    auth: 'user',
    access: ['companies:read', 'companies:write', 'drops:sftp'],
  },
  {
    name: 'list_drops',
    method: 'GET',
    path: '/ss_rest/list_drops',
    handler: 'lambdas/drops/handlers/list-drops.handler.ts',
    auth: 'user',
    access: ['companies:read', 'drops:sftp'],
  },
  {
    name: 'revoke_drop',
    method: 'POST',
    path: '/ss_rest/revoke_drop',
    handler: 'lambdas/drops/handlers/revoke-drop.handler.ts',
    auth: 'user',
    access: ['companies:read', 'companies:write'],
  },
  {
    name: 'perform_report',
    method: 'POST',
    path: '/ss_rest/perform_report',
    handler: 'lambdas/reports/handlers/perform-report.handler.ts',
    auth: 'user',
    // sessions: free-report usage (spec §9 "Two free reports always").
    access: [
      'companies:read',
      'companies:write',
      'reportQueue:send',
      'sessions:read',
      'sessions:write',
    ],
  },
  {
    name: 'queue_monitor',
    method: 'GET',
    path: '/ss_rest/queue_monitor',
    handler: 'lambdas/reports/handlers/queue-monitor.handler.ts',
    auth: 'user',
    access: ['companies:read'],
  },
  {
    name: 'get_report',
    method: 'GET',
    path: '/ss_rest/get_report',
    handler: 'lambdas/reports/handlers/get-report.handler.ts',
    auth: 'user',
    // sessions: free-report usage for the paywall flags.
    access: ['companies:read', 'reports:read', 'sessions:read'],
  },
  {
    // A PDF of a stored report (issue #4; spec §7 print_report): headless Chromium needs the
    // memory; reports:write stores the PDF beside the report.
    name: 'print_report',
    method: 'POST',
    path: '/ss_rest/print_report',
    handler: 'lambdas/reports/handlers/print-report.handler.ts',
    auth: 'user',
    timeoutS: 29,
    memoryMb: 2048,
    // sessions: free-report usage (report sections sold one by one are withheld past them).
    access: ['companies:read', 'reports:read', 'reports:write', 'sessions:read'],
  },
  // Drill-downs (issue #4): a stored report re-aggregated over filters.
  {
    name: 'fetch_drilldowns',
    method: 'POST',
    path: '/ss_rest/fetch_drilldowns',
    handler: 'lambdas/reports/handlers/fetch-drilldowns.handler.ts',
    auth: 'user',
    // sessions: free-report usage (creative breakdowns are withheld past them).
    access: ['companies:read', 'reports:read', 'sessions:read'],
  },
  {
    name: 'fetch_stream_drilldowns',
    method: 'POST',
    path: '/ss_rest/fetch_stream_drilldowns',
    handler: 'lambdas/reports/handlers/fetch-stream-drilldowns.handler.ts',
    auth: 'user',
    // sessions: free-report usage (creative breakdowns are withheld past them).
    access: ['companies:read', 'reports:read', 'sessions:read'],
  },
  // Report settings and saved reports (issue #4; spec §7 save_report, reset_settings,
  // update_default_report_settings), kept in the SessionsTable; profiles hold the defaults.
  ...reportRoute('get_report_settings', 'GET', ['companies:read', 'sessions:read']),
  ...reportRoute('update_report_settings', 'POST', SESSION_WRITE),
  ...reportRoute('reset_settings', 'POST', SESSION_WRITE),
  ...reportRoute('update_default_report_settings', 'POST', ['companies:read', 'companies:write']),
  ...reportRoute('save_report', 'POST', SESSION_WRITE),
  ...reportRoute('saved_reports', 'GET', ['companies:read', 'sessions:read']),
  ...reportRoute('get_saved_report', 'GET', ['companies:read', 'sessions:read']),
  // Industry Insights: the industry response summary panel and the client's industry;
  // reports:read: the stored view of the report asked for (report_id).
  ...reportRoute('industry_insights', 'GET', ['companies:read', 'reports:read']),
  ...reportRoute('set_client_industry', 'POST', ['companies:read', 'companies:write']),

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
  // Accounts (issue #3; spec §7 "Account and session").
  ...accountRoute('auth_config', 'GET', 'public', [], 'get-auth-config'),
  ...accountRoute('register', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'sessions:read',
    'sessions:write',
    'identity:admin',
    'mail:send',
  ]),
  ...accountRoute('rest_login', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
    'identity:admin',
    'mail:send',
  ]),
  ...accountRoute('google_login', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'identity:admin',
  ]),
  ...accountRoute('exchange_login_token', 'POST', 'public', ['sessions:read', 'sessions:write']),
  // Staff and agents: the authenticator code after the password (Cognito TOTP; the Cognito
  // calls are authorised by the user's own token or challenge session, so no admin grant,
  // except that a finished setup signs the user out everywhere else).
  ...accountRoute('mfa_setup', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
    'identity:signout',
  ]),
  ...accountRoute('mfa_challenge', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
  ]),
  ...accountRoute('reset_password', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
    'mail:send',
  ]),
  ...accountRoute('change_password', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'sessions:read',
    'sessions:write',
    'identity:admin',
  ]),
  ...accountRoute('send_verify_email', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
    'mail:send',
  ]),
  ...accountRoute('verify_email', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'sessions:read',
    'sessions:write',
    'identity:admin',
  ]),
  ...accountRoute('finish_registration', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'sessions:read',
    'sessions:write',
    'identity:admin',
  ]),
  // Simple signup (issue #6; spec §7 send_auth_code): code, proof, account.
  ...accountRoute('send_auth_code', 'POST', 'public', [
    'sessions:read',
    'sessions:write',
    'mail:send',
  ]),
  ...accountRoute('verify_auth_code', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
  ]),
  ...accountRoute('simple_register', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'sessions:read',
    'sessions:write',
    'identity:admin',
  ]),
  ...accountRoute('get_session', 'GET', 'user', [
    'companies:read',
    'companies:write',
    'identity:read',
  ]),
  ...accountRoute('update_profile', 'POST', 'user', [
    'companies:read',
    'companies:write',
    'identity:read',
  ]),
  ...accountRoute('missing_info', 'GET', 'user', ['companies:read', 'identity:read']),
  ...accountRoute('my_organizations', 'POST', 'user', ['companies:read']),
  ...accountRoute('update_organization', 'POST', 'user', ['companies:read', 'companies:write']),
  ...accountRoute('my_shares', 'POST', 'user', ['companies:read']),
  ...accountRoute('update_share', 'POST', 'user', [
    'companies:read',
    'companies:write',
    'mail:send',
  ]),
  ...accountRoute('remove_share', 'POST', 'user', ['companies:read', 'companies:write']),
  ...accountRoute('organization_members', 'POST', 'user', ['companies:read']),
  ...accountRoute('invite_member', 'POST', 'user', [
    'companies:read',
    'companies:write',
    'mail:send',
  ]),
  ...accountRoute('remove_member', 'POST', 'user', ['companies:read', 'companies:write']),

  // Forms (issue #5; spec §7 comms and do_not_sell): MessagesTable and mail only.
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

  // Billing (issue #6; spec §7 "Billing and orders"): Stripe + the billing copies.
  ...contextRoute('get_billing_profile', 'GET', 'user', ['companies:read', 'billing:secrets']),
  ...contextRoute('get_subscriptions', 'GET', 'user', ['companies:read']),
  ...contextRoute('create_setup_intent', 'POST', 'user', BILLING_WRITE),
  ...contextRoute('add_billing_profile', 'POST', 'user', BILLING_WRITE),
  ...contextRoute('order_product', 'POST', 'user', BILLING_WRITE),
  ...contextRoute('cancel_subscription', 'POST', 'user', BILLING_WRITE),
  // Staff: an invoice customer's orders grant access before their first invoice is paid.
  ...contextRoute('approve_invoice_customer', 'POST', 'staff', BILLING_WRITE),
  // Stripe's events: verified by signature, not by a user token; sessions hold event claims.
  ...contextRoute('stripe_webhook', 'POST', 'public', [
    ...BILLING_WRITE,
    'sessions:read',
    'sessions:write',
  ]),

  // Web-analytics connections (spec §3, §4 "Connection", §5, §7 "Connections"): a rep's link,
  // the advertiser's public Google sign-in bound to it, and the client's Connections panel.
  ...connectionRoute('connect_url', 'POST', 'user', [
    'companies:read',
    'companies:write',
    'mail:send',
  ]),
  ...connectionRoute('garequest_cancel', 'POST', 'user', ['companies:read', 'companies:write']),
  ...connectionRoute('connection_start', 'POST', 'public', CONNECT_PUBLIC),
  ...connectionRoute('list_properties', 'POST', 'public', CONNECT_PUBLIC),
  ...connectionRoute('create_properties', 'POST', 'public', [...CONNECT_PUBLIC, 'gaPull:send']),
  ...connectionRoute('connect_property', 'POST', 'user', [...CONNECT_EDIT, 'gaPull:send']),
  ...connectionRoute('connection_remove', 'POST', 'user', CONNECT_EDIT),
  ...connectionRoute('get_connections', 'GET', 'user', ['companies:read', 'google:connect']),

  // Call centre (spec §7 "Call centre"): agents and staff only.
  ...contextRoute('cls_search', 'GET', 'agent', ['calls:read'], 'call-centre'),
  ...contextRoute('cls_get_record', 'GET', 'agent', ['calls:read'], 'call-centre'),
  ...contextRoute('cls_activity', 'POST', 'agent', CALL_WRITE, 'call-centre'),
  ...contextRoute('cls_followups', 'GET', 'agent', ['calls:read'], 'call-centre'),
] as const satisfies readonly RouteDef[]);

export type RouteName = (typeof ROUTES)[number]['name'];

/** The browser's route-name table: name -> { method, path }. */
export function routeTable(): Record<string, { method: HttpMethod; path: string }> {
  return Object.fromEntries(ROUTES.map((r) => [r.name, { method: r.method, path: r.path }]));
}
