import type { WalkRow } from '../route-walk-inputs';

/**
 * The route walk's rows of the call centre (cls_*); the routes: layers/shared/routes/call-centre.routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The call-centre routes' rows, by route name. */
export const CALL_CENTRE_WALK_INPUTS: Record<string, WalkRow> = {
  cls_search: { target: 'open', input: () => ({ search_text: 'Walk' }) },
  cls_get_record: { target: 'open', input: () => ({ client_id: 'walk-advertiser' }) },
  cls_activity: {
    target: 'open',
    input: () => ({ client_id: 'walk-advertiser', activity: 'notes', payload: { notes: 'x' } }),
  },
  cls_followups: { target: 'open', input: () => ({ today: '2026-11-23' }) },
};
