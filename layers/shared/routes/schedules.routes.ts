/**
 * Route rows of scheduled report deliveries (lambdas/schedules/handlers/; spec §3 "Client info" report_schedules, §7 create_schedule, update_schedule). Assembled into ROUTES by layers/shared/routes.ts.
 */

import type { RouteDef } from '../route-def';

/** The schedules routes, in registry order. */
export const SCHEDULE_ROUTES: readonly RouteDef[] = [];
