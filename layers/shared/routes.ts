/**
 * The route registry: the single source of the HTTP API (issue #2 §7). It generates the
 * API Gateway routes and their Lambdas (lib/stacks/api.stack.ts), the local gateway
 * (lib/local/gateway.ts), and the route-name table the browser resolves names from
 * (GET /ss_rest/routes; spec §7 "Route names are resolved from a server-provided table").
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route: anyone, a signed-in user, or staff only. */
export type RouteAuth = 'public' | 'user' | 'staff';

export interface RouteDef {
  /** The spec's route name, e.g. `perform_report`. */
  name: string;
  method: HttpMethod;
  /** Path under the API root. */
  path: string;
  /** Repo-relative module exporting `handler` (an API Gateway HTTP API v2 handler). */
  handler: string;
  auth: RouteAuth;
  /** Lambda timeout in seconds. @default 29 */
  timeoutS?: number;
  /** Lambda memory in MB. @default 512 */
  memoryMb?: number;
  /** What the route's Lambda touches; the CDK grants exactly these. */
  access: ReadonlyArray<
    | 'companies:read'
    | 'companies:write'
    | 'uploads:read'
    | 'uploads:write'
    | 'lake:read'
    | 'lake:write'
    | 'reports:read'
    | 'reports:write'
    | 'reportQueue:send'
  >;
}

export const ROUTES = [
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
    name: 'perform_report',
    method: 'POST',
    path: '/ss_rest/perform_report',
    handler: 'lambdas/reports/handlers/perform-report.handler.ts',
    auth: 'user',
    access: ['companies:read', 'companies:write', 'reportQueue:send'],
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
    access: ['companies:read', 'reports:read'],
  },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

/** The browser's route-name table: name -> { method, path }. */
export function routeTable(): Record<string, { method: HttpMethod; path: string }> {
  return Object.fromEntries(ROUTES.map((r) => [r.name, { method: r.method, path: r.path }]));
}
