/**
 * Route rows of generated report families (lambdas/families/handlers/; spec §1 report families, §7 "Reports and generation": the *_options and *_generate calls). Assembled into ROUTES by layers/shared/routes.ts.
 */

import type { RouteDef } from '../route-def';

/** The families routes, in registry order. */
export const FAMILY_ROUTES: readonly RouteDef[] = [];
