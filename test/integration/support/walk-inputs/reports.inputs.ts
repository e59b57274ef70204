import type { WalkRow } from '../route-walk-inputs';
import { ATTEMPTS, clientOnly } from './common';

/**
 * The route walk's rows of reports (runs, views, settings, saved reports, industry insights, summary e-mails); the routes: layers/shared/routes/reports.routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The reports routes' rows, by route name. */
export const REPORTS_WALK_INPUTS: Record<string, WalkRow> = {
  perform_report: { target: { client: 'edit' }, input: clientOnly, settle: 'report' },
  queue_monitor: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, session_uid: v.sessionUid }),
  },
  get_report: { target: { client: 'view' }, input: clientOnly },
  print_report: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, print_options: {}, customize: {} }),
  },
  fetch_drilldowns: { target: { client: 'view' }, input: clientOnly },
  fetch_stream_drilldowns: { target: { client: 'view' }, input: clientOnly },
  get_report_settings: { target: { client: 'view' }, input: clientOnly },
  update_report_settings: {
    target: { client: 'edit' },
    input: (v) => ({ client_uid: v.clientUid, settings: { vpa: 'share_vpa' } }),
  },
  reset_settings: { target: { client: 'edit' }, input: clientOnly },
  // The caller's own defaults for new settings: no client, so any signed-in user.
  update_default_report_settings: {
    target: 'self',
    input: () => ({ station: { station_name: 'WALK' }, rep: {} }),
  },
  // The caller's own station fields: no client, so any signed-in user.
  update_station_info: { target: 'self', input: () => ({ name: 'WALK' }) },
  save_report: {
    target: { client: 'edit' },
    input: (v) => ({
      client_uid: v.clientUid,
      report_id: v.reportId,
      name: 'Walked',
      comments: '',
      settings: {},
    }),
  },
  saved_reports: { target: { client: 'view' }, input: clientOnly },
  get_saved_report: {
    target: { client: 'view' },
    input: (v) => ({ client_uid: v.clientUid, saved_id: v.savedId }),
  },
  industry_insights: { target: { client: 'view' }, input: clientOnly },
  set_client_industry: {
    target: { client: 'edit' },
    input: (v) => ({ client_uid: v.clientUid, industry_id: '1268' }),
  },
  // The sender's hourly window is counted before the client is read (as request_help).
  send_summary_email: {
    target: { client: 'view' },
    input: (v) => ({
      client_uid: v.clientUid,
      report_id: v.reportId,
      recipients: ['walk-reader@walk.example.com'],
      note: 'Walk summary.',
    }),
    counts: ATTEMPTS,
  },
};
