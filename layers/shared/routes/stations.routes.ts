/**
 * Route rows of stations as reference data (spec §7 "Dropdowns, all GET": stations,
 * global_stations, tags; lambdas/reference/handlers/).
 * Assembled into ROUTES by layers/shared/routes.ts.
 */

import { contextRoute, type RouteDef } from '../route-def';

/** The stations routes, in registry order. */
export const STATION_ROUTES = [
  ...contextRoute('stations', 'GET', 'public', ['companies:read'], 'reference'),
  ...contextRoute('global_stations', 'GET', 'public', ['companies:read'], 'reference'),
  ...contextRoute('tags', 'GET', 'public', ['companies:read'], 'reference'),
] as const satisfies readonly RouteDef[];
