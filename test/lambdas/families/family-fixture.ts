import type { BroadcastRow, ReportSummary } from '#shared/contracts/report.schema';
import type { PeriodFigures } from '../../../lambdas/families/core/ports';

/**
 * A small hand-made client for the family tests: rows with airings, attributed visits and
 * costs; VPA and cost per visit are worked out here exactly as the report does (visits /
 * airings, cost / visits) so each test's expected numbers can be checked by hand.
 */
export function row(
  label: string,
  ads: number,
  traffic: number,
  over: Partial<BroadcastRow> = {},
): BroadcastRow {
  const cost = over.cost_cents ?? ads * 10_000;
  return {
    key: label,
    label,
    ads,
    traffic,
    visitsper: traffic / ads,
    contribution: 0,
    cost_cents: cost,
    cost_per_visit_cents: traffic > 0 ? cost / traffic : null,
    roi_raw: null,
    volume_share: 0,
    traffic_share: 0,
    visitsper_share: 0,
    type: 'tv',
    halo: false,
    daypart_start: null,
    p_value: 0.01,
    ci_low: 0,
    ci_high: 0,
    directional: false,
    creatives: [],
    impressions: null,
    visits_per_impression: null,
    ...over,
  };
}

/** A period's figures from its station rows (summary = their sums) plus other tables. */
export function figures(
  stations: BroadcastRow[],
  tables: Partial<PeriodFigures['tables']> = {},
): PeriodFigures {
  const airings = stations.reduce((s, r) => s + r.ads, 0);
  const visits = stations.reduce((s, r) => s + r.traffic, 0);
  const cost = stations.reduce((s, r) => s + (r.cost_cents ?? 0), 0);
  const summary: ReportSummary = {
    airings,
    total_visits: visits * 10,
    attributed_visits: visits,
    observed_visits: visits * 2,
    expected_visits: visits,
    vpa: visits / airings,
    lift_share: 0.1,
    relative_lift: 1,
    relative_lift_low: 0.5,
    on_air_per_minute: 0,
    off_air_per_minute: 0,
    on_air_per_day: null,
    off_air_per_day: null,
    cost_cents: cost,
    cost_per_visit_cents: visits > 0 ? cost / visits : null,
    significant_airings: airings,
    dispersion: 1,
    claim_holds: true,
  } as ReportSummary;
  return { summary, tables: { station: stations, ...tables } as PeriodFigures['tables'] };
}
