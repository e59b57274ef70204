/**
 * Route rows of the reports context (lambdas/reports/handlers/): runs, reads, prints,
 * drill-downs, settings, saved reports and Industry Insights; assembled into ROUTES by
 * layers/shared/routes.ts.
 */

import { type RouteDef, reportRoute } from '../route-def';

/** Access of the report-session routes that write: the client and the SessionsTable. */
const SESSION_WRITE: RouteDef['access'] = ['companies:read', 'sessions:read', 'sessions:write'];

/** The reports routes, in registry order. */
export const REPORT_ROUTES = [
  {
    name: 'perform_report',
    method: 'POST',
    path: '/ss_rest/perform_report',
    handler: 'lambdas/reports/handlers/perform-report.handler.ts',
    auth: 'user',
    // sessions: free-report usage (spec §9 "Two free reports always").
    access: [
      'companies:read',
      'companies:write',
      'reportQueue:send',
      'sessions:read',
      'sessions:write',
    ],
  },
  {
    name: 'queue_monitor',
    method: 'GET',
    path: '/ss_rest/queue_monitor',
    handler: 'lambdas/reports/handlers/queue-monitor.handler.ts',
    auth: 'user',
    access: ['companies:read'],
  },
  {
    name: 'get_report',
    method: 'GET',
    path: '/ss_rest/get_report',
    handler: 'lambdas/reports/handlers/get-report.handler.ts',
    auth: 'user',
    // sessions: free-report usage for the paywall flags.
    access: ['companies:read', 'reports:read', 'sessions:read'],
  },
  {
    // A PDF of a stored report (spec §7 print_report): headless Chromium needs the
    // memory; reports:write stores the PDF beside the report.
    name: 'print_report',
    method: 'POST',
    path: '/ss_rest/print_report',
    handler: 'lambdas/reports/handlers/print-report.handler.ts',
    auth: 'user',
    timeoutS: 29,
    memoryMb: 2048,
    // sessions: free-report usage (report sections sold one by one are withheld past them).
    access: ['companies:read', 'reports:read', 'reports:write', 'sessions:read'],
  },
  // Drill-downs: a stored report re-aggregated over filters.
  {
    name: 'fetch_drilldowns',
    method: 'POST',
    path: '/ss_rest/fetch_drilldowns',
    handler: 'lambdas/reports/handlers/fetch-drilldowns.handler.ts',
    auth: 'user',
    // sessions: free-report usage (creative breakdowns are withheld past them).
    access: ['companies:read', 'reports:read', 'sessions:read'],
  },
  {
    name: 'fetch_stream_drilldowns',
    method: 'POST',
    path: '/ss_rest/fetch_stream_drilldowns',
    handler: 'lambdas/reports/handlers/fetch-stream-drilldowns.handler.ts',
    auth: 'user',
    // sessions: free-report usage (creative breakdowns are withheld past them).
    access: ['companies:read', 'reports:read', 'sessions:read'],
  },
  // Report settings and saved reports (spec §7 save_report, reset_settings,
  // update_default_report_settings), kept in the SessionsTable; profiles hold the defaults.
  ...reportRoute('get_report_settings', 'GET', ['companies:read', 'sessions:read']),
  ...reportRoute('update_report_settings', 'POST', SESSION_WRITE),
  ...reportRoute('reset_settings', 'POST', SESSION_WRITE),
  ...reportRoute('update_default_report_settings', 'POST', ['companies:read', 'companies:write']),
  // The caller's station fields and logo (checked and resized), kept with those defaults.
  ...reportRoute('update_station_info', 'POST', ['companies:read', 'companies:write']),
  ...reportRoute('save_report', 'POST', SESSION_WRITE),
  ...reportRoute('saved_reports', 'GET', ['companies:read', 'sessions:read']),
  ...reportRoute('get_saved_report', 'GET', ['companies:read', 'sessions:read']),
  // Industry Insights: the industry response summary panel and the client's industry;
  // reports:read: the stored view of the report asked for (report_id).
  ...reportRoute('industry_insights', 'GET', ['companies:read', 'reports:read']),
  ...reportRoute('set_client_industry', 'POST', ['companies:read', 'companies:write']),
  // The report's summary by e-mail: the stored view (as print_report reads it), free-report
  // usage, the sender's hourly window (MessagesTable, as request_help) and the mailer.
  ...reportRoute('send_summary_email', 'POST', [
    'companies:read',
    'reports:read',
    'sessions:read',
    'messages:write',
    'mail:send',
  ]),
] as const satisfies readonly RouteDef[];
