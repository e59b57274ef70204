import type { WalkRow } from '../route-walk-inputs';

/**
 * The route walk's rows of GA4 connections; the routes: layers/shared/routes/connections.routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The connections routes' rows, by route name. */
export const CONNECTIONS_WALK_INPUTS: Record<string, WalkRow> = {
  connect_url: { target: { client: 'edit' }, input: (v) => ({ cid: v.clientUid, email: '' }) },
  garequest_cancel: {
    target: { client: 'edit' },
    input: (v) => ({ cid: v.clientUid, request_id: v.connectionRequestId }),
  },
  // Public: a guessed link, sign-in or code answers 410 and must write nothing.
  connection_start: { target: 'open', input: (v) => ({ xrg: 'A'.repeat(43), cid: v.clientUid }) },
  list_properties: {
    target: 'open',
    input: (v) => ({ code: 'walk-code', state: 'walk-state', cid: v.clientUid }),
  },
  create_properties: {
    target: 'open',
    input: (v) => ({ code: 'walk-code', gaids: ['412000003'], client_id: v.clientUid }),
  },
  // A property nobody shared with the service account: staff get 400 (nothing attached, so no
  // pull starts mid-walk), others are refused for the client.
  connect_property: {
    target: { client: 'edit' },
    input: (v) => ({ cid: v.clientUid, gaid: '999999999' }),
  },
  connection_remove: {
    target: { client: 'edit' },
    input: (v) => ({ cid: v.clientUid, connection_id: v.connectionId }),
  },
  get_connections: { target: { client: 'view' }, input: (v) => ({ cid: v.clientUid }) },
};
