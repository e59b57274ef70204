/**
 * Route rows of scheduled report deliveries (lambdas/schedules/handlers/; spec §3 "Client info" report_schedules, §7 create_schedule, update_schedule). Assembled into ROUTES by layers/shared/routes.ts.
 */

import { contextRoute, type RouteDef } from '../route-def';

/** Schedules are CompaniesTable items under their client; each has its EventBridge trigger. */
const SCHEDULE_RW: RouteDef['access'] = ['companies:read', 'companies:write', 'schedules:trigger'];

/** The schedules routes, in registry order. */
export const SCHEDULE_ROUTES = [
  ...contextRoute('create_schedule', 'POST', 'user', SCHEDULE_RW, 'schedules'),
  ...contextRoute('update_schedule', 'POST', 'user', SCHEDULE_RW, 'schedules'),
  ...contextRoute('schedule_deliveries', 'GET', 'user', ['companies:read'], 'schedules'),
  // Public: the link in every delivery e-mail; the last recipient leaving pauses the trigger.
  ...contextRoute(
    'schedule_unsubscribe',
    'GET',
    'public',
    ['companies:read', 'companies:write', 'schedules:trigger', 'schedules:links'],
    'schedules',
  ),
  // Public: the download link of a delivered file; answers a fresh 5-minute presigned GET.
  ...contextRoute(
    'delivery_file',
    'GET',
    'public',
    ['reports:read', 'schedules:links'],
    'schedules',
  ),
] as const satisfies readonly RouteDef[];
