/**
 * Route rows of the acquisition calculator (spec §7 "Benchmarks": acquisitionowl_*;
 * lambdas/acquisition/handlers/).
 * Assembled into ROUTES by layers/shared/routes.ts.
 */

import type { RouteDef } from '../route-def';

/** The acquisition routes, in registry order. */
export const ACQUISITION_ROUTES = [] as const satisfies readonly RouteDef[];
