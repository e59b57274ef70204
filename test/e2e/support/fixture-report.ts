import type {
  BroadcastRow,
  DimensionKey,
  ReportSummary,
  ReportView,
  SeriesPoint,
} from '#shared/contracts/report.schema';

/**
 * A hand-made ReportView for developing the report screen without the local stack (dev only;
 * the real e2e runs against bin/start.ts). Numbers are invented, not taken from any data set.
 */

type RowSeed = [label: string, ads: number, traffic: number, extra?: Partial<BroadcastRow>];

/**
 * Builds a table from seeds: VPA, contribution, ROI (visits per dollar) and the three shares
 * from the table totals; the 95% interval is of the row's visits; station rows split their
 * airings over the two creatives.
 */
function table(dimension: string, seeds: RowSeed[], costPerAdCents = 4_500): BroadcastRow[] {
  const totalAds = seeds.reduce((a, [, ads]) => a + ads, 0);
  const totalTraffic = seeds.reduce((a, [, , t]) => a + t, 0);
  const vpas = seeds.map(([, ads, t]) => (ads > 0 ? t / ads : 0));
  const totalVpa = vpas.reduce((a, v) => a + Math.max(0, v), 0);
  return seeds.map(([label, ads, traffic, extra], i) => {
    const cost = ads * costPerAdCents;
    return {
      key: `${dimension}:${label.toLowerCase().replace(/\W+/g, '-')}`,
      label,
      ads,
      traffic,
      visitsper: vpas[i]!,
      contribution: totalTraffic === 0 ? 0 : traffic / totalTraffic,
      cost_cents: cost,
      cost_per_visit_cents: traffic > 0 ? cost / traffic : null,
      roi_raw: cost > 0 ? traffic / (cost / 100) : null,
      volume_share: ads / totalAds,
      traffic_share: totalTraffic === 0 ? 0 : traffic / totalTraffic,
      visitsper_share: totalVpa === 0 ? 0 : Math.max(0, vpas[i]!) / totalVpa,
      type: 'tv',
      halo: false,
      daypart_start: null,
      p_value: traffic > ads ? 0.01 : 0.3,
      ci_low: traffic - 2 * Math.sqrt(Math.max(1, Math.abs(traffic)) * 1.4),
      ci_high: traffic + 2 * Math.sqrt(Math.max(1, Math.abs(traffic)) * 1.4),
      directional: ads < 12,
      creatives:
        dimension === 'station'
          ? [
              { creative: 'Fresh Roast 30', ads: Math.ceil(ads / 2), traffic: traffic * 0.55 },
              { creative: 'Morning Cup 15', ads: Math.floor(ads / 2), traffic: traffic * 0.45 },
            ]
          : [],
      impressions: null,
      visits_per_impression: null,
      ...extra,
    };
  });
}

const tables: Record<DimensionKey, BroadcastRow[]> = {
  network: [],
  cable_zone: [],
  day_of_month: table(
    'dom',
    Array.from(
      { length: 31 },
      (_, i): RowSeed => [String(i + 1), 9 + (i % 5), 30 + ((i * 37) % 50)],
    ),
  ),
  daypart: table('daypart', [
    ['Early morning', 38, 151.2, { daypart_start: '05:00' }],
    ['Morning drive', 64, 402.9, { daypart_start: '06:00', halo: true }],
    ['Daytime', 92, 310.4, { daypart_start: '10:00' }],
    ['Early fringe', 41, 176.0, { daypart_start: '15:00' }],
    ['Prime access', 35, 228.5, { daypart_start: '19:00' }],
    ['Prime time', 57, 512.3, { daypart_start: '20:00' }],
    ['Late fringe', 22, 61.7, { daypart_start: '23:00' }],
    ['Overnight', 9, -4.2, { daypart_start: '01:00' }],
  ]),
  day_of_week: table('dow', [
    ['Monday', 52, 288.1],
    ['Tuesday', 49, 251.7],
    ['Wednesday', 51, 301.4],
    ['Thursday', 55, 342.0],
    ['Friday', 47, 203.9],
    ['Saturday', 56, 310.2],
    ['Sunday', 48, 146.0],
  ]),
  week_number: table('week', [
    ['Week 10', 88, 440.6],
    ['Week 11', 91, 512.0],
    ['Week 12', 95, 498.7],
    ['Week 13', 84, 392.0],
  ]),
  month_of_year: table('month', [
    ['March', 269, 1415.5],
    ['April', 89, 427.8],
  ]),
  station: table('station', [
    ['WAOW-TV', 61, 402.2],
    ['KOWL-TV', 55, 251.8],
    ['WHOO-TV', 48, 371.5],
    ['KNIT-TV', 44, 98.3],
    ['WBRK-TV', 39, 160.4],
    ['KFTH-TV', 33, 203.0],
    ['WDSK-TV', 29, 41.2],
    ['KSTR-TV', 27, 188.9],
    ['WMNT-TV', 13, -6.4],
    ['KQZY-TV', 9, 22.1],
  ]),
  program: table('program', [
    ['Morning News', 70, 420.9],
    ['Evening News', 58, 365.2],
    ['Game Show Hour', 41, 173.0],
    ['Late Movie', 24, 48.7],
    ['Weekend Sports', 36, 251.4],
    ['Talk at Ten', 31, 122.1],
  ]),
  creative: table('creative', [
    ['Fresh Roast 30', 180, 1012.4],
    ['Morning Cup 15', 178, 830.9],
  ]),
  spot_length: table('length', [
    [':15', 178, 830.9],
    [':30', 180, 1012.4],
  ]),
};

const summary: ReportSummary = {
  airings: 358,
  total_visits: 48_210,
  attributed_visits: 1843.3,
  observed_visits: 6120,
  expected_visits: 4276.7,
  vpa: 5.149,
  lift_share: 0.0382,
  relative_lift: 0.431,
  relative_lift_low: 0.212,
  on_air_per_minute: 1.92,
  off_air_per_minute: 1.31,
  on_air_per_day: 1420.5,
  off_air_per_day: 1198.2,
  cost_cents: 1_611_000,
  cost_per_visit_cents: 874,
  significant_airings: 97,
  dispersion: 1.4,
  claim_holds: true,
};

/** The comparison period (the 35 days before): fewer airings, a smaller lift. */
const compareSummary: ReportSummary = {
  ...summary,
  airings: 301,
  total_visits: 44_870,
  attributed_visits: 1390.2,
  observed_visits: 5210,
  expected_visits: 3819.8,
  vpa: 4.619,
  lift_share: 0.031,
  relative_lift: 0.364,
  relative_lift_low: 0.15,
  cost_cents: 1_354_500,
  cost_per_visit_cents: 974,
  significant_airings: 71,
};

/** Daily chart buckets over the report period: visits, baseline and airings per day. */
function series(): SeriesPoint[] {
  return Array.from({ length: 35 }, (_, i) => {
    const t = new Date(Date.UTC(2024, 2, 4 + i)).toISOString();
    const weekend = [5, 6].includes(i % 7);
    const airings = weekend ? 14 : 9 + ((i * 7) % 5);
    const baseline = 1250 + ((i * 53) % 140) - (weekend ? 180 : 0);
    return { t, visits: baseline + airings * 5.1 + ((i * 31) % 60) - 30, baseline, airings };
  });
}

/** The demo client's report: sample data, March 4 to April 7, 2024, compared with the 35 days before. */
export function fixtureReport(overrides: Partial<ReportView> = {}): ReportView {
  return {
    report_id: 'rep_demo_1',
    client_uid: 'demo-coffee',
    advertiser: 'Demo Coffee Co.',
    generated_at: '2024-04-08T14:05:00.000Z',
    sample_data: true,
    report_date_start: '2024-03-04',
    report_date_end: '2024-04-07',
    settings: { window: 8, attribution_method: 'sessions', resolution: 'minute' },
    summary,
    report_compare_date_start: '2024-01-29',
    report_compare_date_end: '2024-03-03',
    compare: { summary: compareSummary, tables },
    series: { bucket: 'day', points: series() },
    station_types: ['tv'],
    max_reports: false,
    free_report: false,
    insights: null,
    tables,
    airing_count: 358,
    ...overrides,
  };
}
