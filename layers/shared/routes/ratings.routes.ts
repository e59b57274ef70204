/**
 * Route rows of response ratings (spec §7 "Benchmarks": nowl_*; lambdas/ratings/handlers/).
 * Assembled into ROUTES by layers/shared/routes.ts.
 */

import { contextRoute, type RouteDef } from '../route-def';

/** The ratings routes, in registry order. */
export const RATINGS_ROUTES = [
  // The filter lists: POST with an empty payload, `{ result: [...] }` (spec §7).
  ...contextRoute('nowl_broadcast_types', 'POST', 'public', [], 'ratings'),
  ...contextRoute('nowl_industries', 'POST', 'public', ['companies:read'], 'ratings'),
  ...contextRoute('nowl_regions', 'POST', 'public', ['companies:read'], 'ratings'),
  ...contextRoute('nowl_station_formats', 'POST', 'public', [], 'ratings'),
  ...contextRoute('nowl_dayparts', 'POST', 'public', [], 'ratings'),
  // Published ratings (CompaniesTable RATINGS#*), gated by the caller's flags when signed in.
  ...contextRoute('nowl_top_ten_summaries', 'POST', 'public', ['companies:read'], 'ratings'),
  ...contextRoute('nowl_ratings', 'POST', 'public', ['companies:read'], 'ratings'),
  ...contextRoute('nowl_station', 'POST', 'public', ['companies:read'], 'ratings'),
  // Market Insights: competitive_data; the caller's primary station from the profile.
  ...contextRoute('nowl_market_insights', 'POST', 'user', ['companies:read'], 'ratings'),
] as const satisfies readonly RouteDef[];
