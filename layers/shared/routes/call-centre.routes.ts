/**
 * Route rows of the call-centre context (lambdas/call-centre/handlers/); assembled into ROUTES
 * by layers/shared/routes.ts.
 */

import { contextRoute, type RouteDef } from '../route-def';

/** Access of cls_activity: call records, the CRM hand-off queue and mail. */
const CALL_WRITE: RouteDef['access'] = ['calls:read', 'calls:write', 'crm:send', 'mail:send'];

/** The call-centre routes, in registry order. */
export const CALL_CENTRE_ROUTES = [
  // Call centre (spec §7 "Call centre"): agents and staff only.
  ...contextRoute('cls_search', 'GET', 'agent', ['calls:read'], 'call-centre'),
  ...contextRoute('cls_get_record', 'GET', 'agent', ['calls:read'], 'call-centre'),
  ...contextRoute('cls_activity', 'POST', 'agent', CALL_WRITE, 'call-centre'),
  ...contextRoute('cls_followups', 'GET', 'agent', ['calls:read'], 'call-centre'),
] as const satisfies readonly RouteDef[];
