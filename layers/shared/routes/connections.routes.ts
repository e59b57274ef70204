/**
 * Route rows of the web-analytics connections context (lambdas/connections/handlers/);
 * assembled into ROUTES by layers/shared/routes.ts.
 */

import { contextRoute, type HttpMethod, type RouteDef } from '../route-def';

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

/** The connections routes, in registry order. */
export const CONNECTION_ROUTES = [
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
] as const satisfies readonly RouteDef[];
