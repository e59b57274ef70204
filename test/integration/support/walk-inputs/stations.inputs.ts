import type { WalkRow } from '../route-walk-inputs';
import { none } from './common';

/**
 * The route walk's rows of the station list; the routes: layers/shared/routes/stations.routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The stations routes' rows, by route name. */
export const STATIONS_WALK_INPUTS: Record<string, WalkRow> = {
  stations: { target: 'open', input: () => ({ q: 'news' }) },
  global_stations: { target: 'open', input: () => ({ id: 'tv:WPVI' }) },
  tags: { target: 'open', input: none },
};
