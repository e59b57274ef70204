import type { WalkRow } from '../route-walk-inputs';
import { none } from './common';

/**
 * The route walk's rows of the acquisition calculator (acquisitionowl_*); the routes: layers/shared/routes/acquisition.routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The acquisition routes' rows, by route name. */
export const ACQUISITION_WALK_INPUTS: Record<string, WalkRow> = {
  acquisitionowl_regions: { target: 'open', input: none },
  acquisitionowl_outlets: { target: 'open', input: () => ({ regions: ['501'] }) },
  // A visitor or stranger naming the victim client for its own VPA gets 404 (handler tests).
  acquisitionowl_calculate: {
    target: { client: 'view' },
    input: (v) => ({
      client_uid: v.clientUid,
      budget_cents: 100_000,
      outlets: ['x'],
      spot_length_s: 30,
    }),
  },
  acquisitionowl_calculate_goals: {
    target: { client: 'view' },
    input: (v) => ({
      client_uid: v.clientUid,
      outlets: ['x'],
      spot_length_s: 30,
      goal: 'visits',
      target: 100,
    }),
  },
  acquisitionowl_calculate_roi: {
    target: 'open',
    input: () => ({
      budget_cents: 100_000,
      visits: 50,
      conversion_rate_pct: 2,
      order_value_cents: 5_000,
    }),
  },
  acquisitionowl_save: {
    target: { client: 'edit' },
    input: (v) => ({
      client_uid: v.clientUid,
      goals_and_objectives: {
        ad_spend_cents: 100_000,
        goal: 'visits',
        target: 100,
        regions: ['501'],
        outlets: ['x'],
        spot_length_s: 30,
        dayparts: [],
      },
      return_calculator: { conversion_rate_pct: 2, order_value_cents: 5_000 },
    }),
  },
};
