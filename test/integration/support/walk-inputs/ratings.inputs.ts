import type { WalkRow } from '../route-walk-inputs';
import { none } from './common';

/**
 * The route walk's rows of response ratings (nowl_*); the routes: layers/shared/routes/ratings.routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The ratings routes' rows, by route name. */
export const RATINGS_WALK_INPUTS: Record<string, WalkRow> = {
  nowl_broadcast_types: { target: 'open', input: none },
  nowl_industries: { target: 'open', input: none },
  nowl_regions: { target: 'open', input: none },
  nowl_station_formats: { target: 'open', input: none },
  nowl_dayparts: { target: 'open', input: none },
  nowl_top_ten_summaries: { target: 'open', input: () => ({ market: '501' }) },
  nowl_ratings: { target: 'open', input: () => ({ market: '501', subject: 'station' }) },
  nowl_station: { target: 'open', input: () => ({ station_id: 'tv:WPVI' }) },
  // Plan-gated (competitive_data: 403 for the walk's customers, whom the walk expects let in):
  // a malformed period stops it at validation, so the walk checks sign-in and no 5xx; the gate
  // itself is tested in test/lambdas/ratings/handlers.
  nowl_market_insights: { target: 'self', input: () => ({ period: 'walk' }) },
};
