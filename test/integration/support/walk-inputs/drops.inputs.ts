import type { WalkRow } from '../route-walk-inputs';

/**
 * The route walk's rows of post-log drops; the routes: layers/shared/routes/drops.routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The drops routes' rows, by route name. */
export const DROPS_WALK_INPUTS: Record<string, WalkRow> = {
  create_drop: {
    target: 'org',
    input: (v) => ({ organization_uid: v.orgUid, label: 'Walk rival drop' }),
  },
  list_drops: { target: 'org', input: (v) => ({ organization_uid: v.orgUid }) },
  revoke_drop: { target: 'owned', input: (v) => ({ drop_id: v.dropId }) },
};
