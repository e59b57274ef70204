import { defaultReportSettings } from '#shared/contracts/report-session.schema';
import { fixtureReport } from '../../e2e/support/fixture-report';
import type { Responder } from './report-api';

/**
 * A client row as fetch_companies lists it for the report workspace's tests: Acme Mattress, 358
 * airings from 4 March to 7 April 2024 (UTC), with a latest report `rep_acme_1`, shared. Perms
 * are left to each test, which adds the ones it is about.
 */
export const ACME_WITH_REPORT = {
  client_uid: 'acme',
  name: 'Acme Mattress',
  sample_data: false,
  demo: false,
  airings: 358,
  first_airing_utc: '2024-03-04T11:00:00.000Z',
  last_airing_utc: '2024-04-07T23:30:00.000Z',
  latest_report_id: 'rep_acme_1',
  shared: true,
};

/**
 * The answers the report workspace needs to show `client` (test-only): the client list with only
 * that row, the fixture report `rep_acme_1`, default unsaved settings and no saved reports. Spread
 * into fakeReportApi's answers and add the routes a test is about.
 */
export function acmeReportAnswers(client: Record<string, unknown>): Record<string, Responder> {
  return {
    fetch_companies: { result: { clients: [client], total_clients: 1 } },
    get_report: { result: fixtureReport({ report_id: 'rep_acme_1', client_uid: 'acme' }) },
    get_report_settings: {
      result: {
        client_uid: 'acme',
        settings: defaultReportSettings(),
        saved: false,
        updated_at: null,
      },
    },
    saved_reports: { result: { saved_reports: [] } },
  };
}
