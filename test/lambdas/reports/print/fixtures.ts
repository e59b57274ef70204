import type { BroadcastRow, ReportDocument, ReportSummary } from '#shared/contracts/report.schema';
import { broadcastRow } from '../../../support/broadcast-row';

/** A broadcast row: `ads` airings, `traffic` visits, $10 per airing, no ROI; the rest neutral. */
export function row(label: string, ads: number, traffic: number, over: Partial<BroadcastRow> = {}) {
  return broadcastRow(label, ads, traffic, { roi_raw: null, ...over });
}

/** A campaign summary: 120 airings, 1,234.5 attributed visits, $1,200 spend. */
export function summary(over: Partial<ReportSummary> = {}): ReportSummary {
  return {
    airings: 120,
    total_visits: 50_000,
    attributed_visits: 1234.5,
    observed_visits: 50_000,
    expected_visits: 48_765.5,
    vpa: 10.2875,
    lift_share: 0.0247,
    relative_lift: 0.0253,
    relative_lift_low: 0.01,
    on_air_per_minute: 4,
    off_air_per_minute: 3,
    on_air_per_day: null,
    off_air_per_day: null,
    cost_cents: 120_000,
    cost_per_visit_cents: 97.2,
    significant_airings: 40,
    dispersion: 1.2,
    claim_holds: true,
    ...over,
  };
}

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * A report document with daypart (6 rows), day_of_week (7), station (40) and program (60)
 * tables, a 24-hour series, and no comparison period (the engine may not send one yet).
 */
export function reportDoc(over: Partial<ReportDocument> = {}): ReportDocument {
  return {
    report_id: 'r-1',
    client_uid: 'client-a',
    advertiser: 'Acme Mattress',
    generated_at: '2024-04-01T12:00:00.000Z',
    sample_data: false,
    report_date_start: '2024-03-01',
    report_date_end: '2024-03-31',
    report_compare_date_start: null,
    report_compare_date_end: null,
    settings: { window: 8, attribution_method: 'sessions', resolution: 'minute' },
    summary: summary(),
    airings: [],
    tables: {
      daypart: ['Early Morning', 'Daytime', 'Early Fringe', 'Prime', 'Late News', 'Overnight'].map(
        (label, i) => row(label, 10 + i, 50 + i * 20),
      ),
      day_of_week: DAYS.map((label, i) => row(label, 15, 100 + i)),
      station: Array.from({ length: 40 }, (_, i) => row(`W${String(i).padStart(3, '0')}`, 3, i)),
      program: Array.from({ length: 60 }, (_, i) => row(`Program ${i}`, 2, i / 2)),
      day_of_month: [],
      week_number: [],
      month_of_year: [],
      network: [],
      cable_zone: [],
      creative: [],
      spot_length: [],
    },
    compare: null,
    series: {
      bucket: 'hour',
      points: Array.from({ length: 24 }, (_, i) => ({
        t: `2024-03-01T${String(i).padStart(2, '0')}:00:00.000Z`,
        visits: 100 + (i % 5) * 10,
        baseline: 100,
        airings: i % 4 === 0 ? 2 : 0,
      })),
    },
    station_types: ['tv'],
    ...over,
  };
}
