import type { WalkRow } from '../route-walk-inputs';
import { ATTEMPTS, contact, none } from './common';

/**
 * The route walk's rows of the registry itself (layers/shared/routes.ts: the route list, the reference lists, the public forms); the routes: layers/shared/routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The registry routes' rows, by route name. */
export const REGISTRY_WALK_INPUTS: Record<string, WalkRow> = {
  routes: { target: 'open', input: none },
  industries: { target: 'open', input: none },
  regions: { target: 'open', input: none },
  comms: { target: 'open', counts: ATTEMPTS, input: (v) => ({ form: contact(v) }) },
  do_not_sell: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({
      ...contact(v),
      address: '1 Main St',
      city: 'Chicago',
      state: 'IL',
      zipcode: '60601',
      do_not_sell: true,
    }),
  },
};
