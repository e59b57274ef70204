/**
 * Route rows of stations as reference data (spec §7 "Dropdowns, all GET": stations,
 * global_stations, tags; lambdas/reference/handlers/).
 * Assembled into ROUTES by layers/shared/routes.ts.
 */

import type { RouteDef } from '../route-def';

/** The stations routes, in registry order. */
export const STATION_ROUTES = [] as const satisfies readonly RouteDef[];
