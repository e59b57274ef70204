import type { WalkRow } from '../route-walk-inputs';
import { ATTEMPTS, clientOnly, none } from './common';

/**
 * The route walk's rows of the companies context (clients, filters, favourites, locations, help, the queue); the routes: layers/shared/routes/companies.routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The companies routes' rows, by route name. */
export const COMPANIES_WALK_INPUTS: Record<string, WalkRow> = {
  fetch_companies: { target: 'self', input: none },
  save_filters: { target: 'self', input: () => ({ filters: { favorites_first: true } }) },
  save_favorite: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, added: true }),
  },
  fetch_company_breakdowns: { target: { client: 'view' }, input: clientOnly },
  fetch_client_info: { target: { client: 'view' }, input: clientOnly },
  company_save: {
    target: { client: 'edit' },
    input: (v) => ({ client_uid: v.clientUid, name: 'Walk renamed', tags: ['walk'] }),
  },
  client_merge: {
    target: { client: 'edit' },
    input: (v) => ({ from_client_uid: v.clientUid, into_client_uid: 'walk-other-client' }),
  },
  // The per-user window is counted before the client is read (ids cannot be probed for free).
  request_help: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, topic: 'other', message: 'Walk help.' }),
    counts: ATTEMPTS,
  },
  company_queue_monitor: {
    target: { client: 'view' },
    input: (v) => ({ current_report_client_uid: v.clientUid }),
  },
  company_queue_clear: {
    target: { client: 'view' },
    input: (v) => ({ queue: 'client', client_uid: v.clientUid }),
  },
  weekly_trends: { target: 'self', input: () => ({ week_count: 3 }) },
  fetch_locations: { target: { client: 'view' }, input: clientOnly },
  find_location: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, query: 'a' }),
  },
  save_location: {
    target: { client: 'edit' },
    input: (v) => ({
      client_uid: v.clientUid,
      store_id: 'walk-store',
      name: 'Walk store',
      address: '1 Walk St',
    }),
  },
  // The victim has no location: a location uid of no store answers 404 to everyone, before the
  // edit permission is checked (so even a viewer learns nothing).
  delete_location: {
    target: 'owned',
    input: (v) => ({ client_uid: v.clientUid, uid: 'walk-none' }),
  },
  save_location_nickname: {
    target: 'owned',
    input: (v) => ({ client_uid: v.clientUid, uid: 'walk-none', nickname: 'Walk' }),
  },
  save_location_hours: {
    target: 'owned',
    input: (v) => ({ client_uid: v.clientUid, uid: 'walk-none', hours: null }),
  },
};
