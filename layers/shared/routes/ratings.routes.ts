/**
 * Route rows of response ratings (spec §7 "Benchmarks": nowl_*; lambdas/ratings/handlers/).
 * Assembled into ROUTES by layers/shared/routes.ts.
 */

import type { RouteDef } from '../route-def';

/** The ratings routes, in registry order. */
export const RATINGS_ROUTES = [] as const satisfies readonly RouteDef[];
