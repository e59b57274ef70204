/**
 * A client row as fetch_companies lists it for the report screen's tests: an advertiser with
 * twelve airings in January 2025, no report yet, and every permission.
 */
export const ACME_CLIENT = {
  client_uid: 'c1',
  name: 'Acme Furniture',
  sample_data: false,
  demo: false,
  airings: 12,
  first_airing_utc: '2025-01-06T11:00:00.000Z',
  last_airing_utc: '2025-01-20T23:30:00.000Z',
  latest_report_id: null,
  perms: { view: true, edit: true, import: true, share: true, schedule: true },
  shared: false,
};
