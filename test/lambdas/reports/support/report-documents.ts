import type { Share } from '#shared/accounts/accounts';
import type { Permission } from '#shared/contracts/account.schema';
import {
  type ReportDocument,
  type ReportSummary,
  type StoredReportView,
  storedViewOf,
} from '#shared/contracts/report.schema';
import { unfilteredTables } from '../drill-fixture';

/**
 * Stored report documents and views, and a client share, for the report-read tests (get_report,
 * the answer caches, the caller facts, the reads started together, the sharee routes), so each
 * test states only what it varies.
 */

/** A period summary with nothing attributed, over `airings` airings. */
export function emptySummary(airings: number): ReportSummary {
  return {
    airings,
    total_visits: 0,
    attributed_visits: 0,
    observed_visits: 0,
    expected_visits: 0,
    vpa: 0,
    lift_share: 0,
    relative_lift: 0,
    relative_lift_low: 0,
    on_air_per_minute: 0,
    off_air_per_minute: 0,
    on_air_per_day: null,
    off_air_per_day: null,
    cost_cents: null,
    cost_per_visit_cents: null,
    significant_airings: 0,
    dispersion: 1,
    claim_holds: false,
  };
}

/** The summary of the drill fixture's seven airings (43 visits attributed, $600 spent). */
export const DRILL_SUMMARY: ReportSummary = {
  airings: 7,
  total_visits: 30_000,
  attributed_visits: 43,
  observed_visits: 183,
  expected_visits: 140,
  vpa: 6.1,
  lift_share: 0.0014,
  relative_lift: 0.3,
  relative_lift_low: 0.1,
  on_air_per_minute: 3,
  off_air_per_minute: 2,
  on_air_per_day: null,
  off_air_per_day: null,
  cost_cents: 60_000,
  cost_per_visit_cents: 1_395,
  significant_airings: 3,
  dispersion: 1.5,
  claim_holds: true,
};

/**
 * A stored report of one week (2024-03-04..10, TV, 8-minute window) with no tables, no airings
 * and an empty summary, unless `overrides` says otherwise.
 */
export function reportDocument(
  clientUid: string,
  reportId: string,
  overrides: Partial<ReportDocument> = {},
): ReportDocument {
  return {
    report_id: reportId,
    client_uid: clientUid,
    advertiser: 'X',
    generated_at: '2024-04-01T12:00:00.000Z',
    sample_data: false,
    report_date_start: '2024-03-04',
    report_date_end: '2024-03-10',
    report_compare_date_start: null,
    report_compare_date_end: null,
    compare: null,
    series: { bucket: 'hour', points: [] },
    station_types: ['tv'],
    settings: { window: 8, attribution_method: 'sessions', resolution: 'minute' },
    summary: emptySummary(overrides.airings?.length ?? 0),
    airings: [],
    tables: {} as ReportDocument['tables'],
    ...overrides,
  };
}

/**
 * The stored view of client-a's report rep-1 for advertiser Acme: the drill fixture's tables
 * (whose creative rows name SPOT-A) and summary.
 */
export function drillReportView(overrides: Partial<ReportDocument> = {}): StoredReportView {
  return storedViewOf(
    reportDocument('client-a', 'rep-1', {
      advertiser: 'Acme',
      summary: DRILL_SUMMARY,
      tables: unfilteredTables() as ReportDocument['tables'],
      ...overrides,
    }),
  );
}

/** An active share of client-a (Acme Mattress) by alice to `<to>@example.com` with `perms`. */
export function clientShare(uid: string, to: string, perms: Permission[] = ['view']): Share {
  return {
    share_uid: uid,
    client_uid: 'client-a',
    client_name: 'Acme Mattress',
    from_user_id: 'alice',
    from_email: 'alice@example.com',
    to_email: `${to}@example.com`,
    perms,
    status: 'active',
    created_at: '2024-03-01T00:00:00.000Z',
    updated_at: '2024-03-01T00:00:00.000Z',
  };
}
