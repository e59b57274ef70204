/**
 * Route rows of the post-log drops context (lambdas/drops/handlers/); assembled into ROUTES by
 * layers/shared/routes.ts.
 */

import type { RouteDef } from '../route-def';

/** The post-log drop routes, in registry order. */
export const DROP_ROUTES = [
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
] as const satisfies readonly RouteDef[];
