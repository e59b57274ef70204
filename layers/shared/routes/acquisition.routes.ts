/**
 * Route rows of the acquisition calculator (spec §7 "Benchmarks": acquisitionowl_*;
 * lambdas/acquisition/handlers/).
 * Assembled into ROUTES by layers/shared/routes.ts.
 */

import { contextRoute, type RouteDef } from '../route-def';

/**
 * The acquisition routes, in registry order. All POST; every one but save is public (a visitor
 * plans with the sample ratings; a signed-in caller's claims pick the cohort and allow their own
 * VPA). They read the published ratings, clients and the billing copies (CompaniesTable); save
 * writes the plan on the client.
 */
export const ACQUISITION_ROUTES = [
  ...contextRoute('acquisitionowl_regions', 'POST', 'public', ['companies:read'], 'acquisition'),
  ...contextRoute('acquisitionowl_outlets', 'POST', 'public', ['companies:read'], 'acquisition'),
  ...contextRoute('acquisitionowl_calculate', 'POST', 'public', ['companies:read'], 'acquisition'),
  ...contextRoute(
    'acquisitionowl_calculate_goals',
    'POST',
    'public',
    ['companies:read'],
    'acquisition',
  ),
  ...contextRoute('acquisitionowl_calculate_roi', 'POST', 'public', [], 'acquisition'),
  ...contextRoute(
    'acquisitionowl_save',
    'POST',
    'user',
    ['companies:read', 'companies:write'],
    'acquisition',
  ),
] as const satisfies readonly RouteDef[];
