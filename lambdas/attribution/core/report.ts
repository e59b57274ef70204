import {
  type BroadcastRow,
  type DimensionKey,
  dimensionSchema,
  type ReportSummary,
} from '#shared/contracts/report.schema';
import { type LocalFields, localFields } from './local-time';
import {
  creativeIds,
  type DimensionGroups,
  type GroupInput,
  groupDimensions,
} from './report-groups';
import type { RowKey } from './report-keys';
import { testSum } from './significance';
import type { Airing, AiringResult, AttributionResult, CampaignSummary, Dimension } from './types';

/** Every dimension of spec §2, in tab order. */
export const ALL_DIMENSIONS: readonly Dimension[] = dimensionSchema.options;

/** Options of {@link buildReportTables}. */
export interface ReportTableOptions {
  /** @default ALL_DIMENSIONS */
  dimensions?: readonly Dimension[];
  /** Level of the row tests and the halo flag. @default 0.05 */
  alpha?: number;
}

/** An airing paired with its verdict (airings outside the run's range have none and are skipped). */
export interface ScoredAiring {
  airing: Airing;
  result: AiringResult;
  /**
   * localFields(airing.startUtc, airing.tz) when the holder has it already (drill-downs keep
   * them with a decoded report), so re-aggregating a subset does not recompute them.
   */
  fields?: LocalFields;
}

/**
 * Pairs `airings` with `result.airings`. The engine returns its verdicts in input order (a
 * subsequence of the airings), so one forward walk matching ids suffices.
 */
export function pairResults(airings: Airing[], result: AttributionResult): ScoredAiring[] {
  const out: ScoredAiring[] = [];
  const rs = result.airings;
  let j = 0;
  for (let i = 0; i < airings.length && j < rs.length; i++) {
    const a = airings[i] as Airing;
    const r = rs[j] as AiringResult;
    if (r.airingId === a.id) {
      out.push({ airing: a, result: r });
      j++;
    }
  }
  return out;
}

/**
 * Broadcast tables per dimension (spec §2 report screens, §3 Broadcast row; method note §5.3).
 * Per row: ads = airings; traffic = signed ΣA; visitsper = ΣA/ads (VPA); contribution =
 * traffic_share = ΣA_row/ΣA_all (0 when ΣA_all = 0); cost_cents = Σ known costs (null if none);
 * cost_per_visit_cents = cost/ΣA when ΣA > 0; roi_raw = visits per dollar (ΣA/(cost/100));
 * volume_share = ads/all ads; visitsper_share = VPA/Σ row VPAs; p_value and ci of ΣA with
 * variance Σ φ·E; directional when ΣE < 5; impressions and visits_per_impression (VPD on podcast
 * rows) see {@link impressionFields}; halo (dayparts, minute data): the post-window excess
 * (8–60 min) is significant while the in-window one is not. Rows: VPA descending, except the
 * calendar dimensions and dayparts, which keep their natural order.
 * Speed: per-airing numbers and local calendar fields are computed once; each dimension is one
 * pass over the airings summing every dimension's rows in typed-array accumulators
 * (report-groups.ts).
 */
export function buildReportTables(
  airings: Airing[],
  result: AttributionResult,
  opts: ReportTableOptions = {},
): Partial<Record<DimensionKey, BroadcastRow[]>> {
  return buildScoredTables(pairResults(airings, result), opts);
}

/**
 * {@link buildReportTables} over airings already paired with their verdicts (drill-downs
 * re-aggregate a subset of a stored report this way; spec §7 fetch_drilldowns).
 */
export function buildScoredTables(
  scored: ScoredAiring[],
  opts: ReportTableOptions = {},
): Partial<Record<DimensionKey, BroadcastRow[]>> {
  const alpha = opts.alpha ?? 0.05;
  const input = groupInputOf(scored);
  const allAds = input.airings.length;
  let allTraffic = 0;
  for (let i = 0; i < allAds; i++) allTraffic += input.attributed[i] as number;
  const tables: Partial<Record<DimensionKey, BroadcastRow[]>> = {};
  const dims = opts.dimensions ?? ALL_DIMENSIONS;
  const groups = groupDimensions(input, dims);
  for (let d = 0; d < dims.length; d++) {
    const dim = dims[d] as Dimension;
    const g = groups[d] as DimensionGroups;
    const rows = g.keys.map((_, r) => toRow(g, r, dim, allAds, allTraffic, alpha));
    let vpaSum = 0;
    for (const r of rows) vpaSum += r.row.visitsper;
    for (const r of rows) r.row.visitsper_share = vpaSum !== 0 ? r.row.visitsper / vpaSum : 0;
    rows.sort((p, q) =>
      p.order !== null && q.order !== null
        ? p.order - q.order
        : q.row.visitsper - p.row.visitsper ||
          q.row.ads - p.row.ads ||
          p.row.label.localeCompare(q.row.label),
    );
    tables[dim] = rows.map((r) => r.row);
  }
  return tables;
}

/** Per-airing numbers the rows sum, computed once for all dimensions. */
function groupInputOf(scored: ScoredAiring[]): GroupInput {
  const n = scored.length;
  const list = scored.map((s) => s.airing);
  const { ids, names } = creativeIds(list);
  const input: GroupInput = {
    airings: list,
    fields: scored.map((s) => s.fields),
    minuteOfDay: new Int16Array(n),
    weekday: new Uint8Array(n),
    day: new Uint8Array(n),
    month: new Uint8Array(n),
    week: new Int32Array(n),
    attributed: new Float64Array(n),
    expected: new Float64Array(n),
    variance: new Float64Array(n),
    postExcess: new Float64Array(n),
    postVariance: new Float64Array(n),
    cost: new Float64Array(n),
    hasCost: new Uint8Array(n),
    impressions: new Float64Array(n),
    hasImpressions: new Uint8Array(n),
    podcast: new Uint8Array(n),
    creativeId: ids,
    creativeNames: names,
  };
  for (let i = 0; i < n; i++) {
    const s = scored[i] as ScoredAiring;
    const r = s.result;
    const a = s.airing;
    const f = s.fields ?? localFields(a.startUtc, a.tz);
    input.minuteOfDay[i] = f.minuteOfDay;
    input.weekday[i] = f.weekday;
    input.day[i] = f.day;
    input.month[i] = f.month;
    input.week[i] = f.isoWeekYear * 100 + f.isoWeek;
    if (a.costCents !== null) {
      input.cost[i] = a.costCents;
      input.hasCost[i] = 1;
    }
    if (a.impressions !== null) {
      input.impressions[i] = a.impressions;
      input.hasImpressions[i] = 1;
    }
    if (a.stationType === 'podcast') input.podcast[i] = 1;
    const phi = r.dispersion ?? 1;
    input.attributed[i] = r.attributed;
    input.expected[i] = r.expected;
    input.variance[i] = phi * Math.max(r.expected, 0);
    input.postExcess[i] = (r.postObserved ?? 0) - (r.postExpected ?? 0);
    input.postVariance[i] = phi * Math.max(r.postExpected ?? 0, 0);
  }
  return input;
}

function toRow(
  g: DimensionGroups,
  r: number,
  dim: Dimension,
  allAds: number,
  allTraffic: number,
  alpha: number,
) {
  const k = g.keys[r] as RowKey;
  const ads = g.ads[r] as number;
  const traffic = g.traffic[r] as number;
  const postVar = g.postVariance[r] as number;
  const hasCost = g.hasCost[r] === 1;
  const cost = g.cost[r] as number;
  const t = testSum(traffic, g.variance[r] as number, alpha);
  const halo =
    dim === 'daypart' &&
    postVar > 0 &&
    testSum(g.postExcess[r] as number, postVar, alpha).pValue < alpha &&
    t.pValue >= alpha;
  const row: BroadcastRow = {
    key: k.key,
    label: k.label,
    ads,
    traffic,
    visitsper: ads > 0 ? traffic / ads : 0,
    contribution: allTraffic !== 0 ? traffic / allTraffic : 0,
    cost_cents: hasCost ? cost : null,
    cost_per_visit_cents: hasCost && traffic > 0 ? cost / traffic : null,
    roi_raw: hasCost && cost > 0 ? traffic / (cost / 100) : null,
    volume_share: allAds > 0 ? ads / allAds : 0,
    traffic_share: allTraffic !== 0 ? traffic / allTraffic : 0,
    visitsper_share: 0,
    type: g.types[r] as string,
    halo,
    daypart_start: k.daypartStart,
    p_value: t.pValue,
    ci_low: t.ciLow,
    ci_high: t.ciHigh,
    directional: (g.expected[r] as number) < 5,
    creatives: (g.creatives[r] ?? []).sort(
      (p, q) => q.traffic - p.traffic || p.creative.localeCompare(q.creative),
    ),
    ...impressionFields(g, r),
  };
  return { row, order: k.order };
}

/**
 * impressions = Σ impressions (downloads for podcasts) of the row's airings, null when none has
 * any; visits_per_impression = attributed visits of the airings with impressions per download on
 * podcast-only rows (VPD, method note §5.3), else per 1,000 impressions; null when Σ is 0
 * (the streaming/CTV and podcast rows).
 */
function impressionFields(g: DimensionGroups, r: number) {
  if (g.hasImpressions[r] !== 1) return { impressions: null, visits_per_impression: null };
  const imp = g.impressions[r] as number;
  const podcastRow = (g.podcastAds[r] as number) === (g.ads[r] as number);
  const per = podcastRow ? 1 : 1000;
  return {
    impressions: imp,
    visits_per_impression: imp > 0 ? ((g.impressionTraffic[r] as number) / imp) * per : null,
  };
}

/**
 * Campaign summary for the report (method note §5.1 step 7, §5.3): vpa = ΣA/airings;
 * cost_per_visit_cents = cost/ΣA when ΣA > 0; claim_holds = relative_lift_low ≥ 0.05 (spec §9
 * "traffic rises at least 5% within 8 minutes" at 95% confidence).
 */
export function buildSummary(c: CampaignSummary): ReportSummary {
  return {
    airings: c.airings,
    total_visits: c.totalVisits,
    attributed_visits: c.attributedVisits,
    observed_visits: c.observedVisits,
    expected_visits: c.expectedVisits,
    vpa: c.airings > 0 ? c.attributedVisits / c.airings : 0,
    lift_share: c.liftShare,
    relative_lift: c.relativeLift,
    relative_lift_low: c.relativeLiftLow,
    on_air_per_minute: c.onAirPerMinute,
    off_air_per_minute: c.offAirPerMinute,
    on_air_per_day: c.onAirPerDay,
    off_air_per_day: c.offAirPerDay,
    cost_cents: c.costCents,
    cost_per_visit_cents:
      c.costCents !== null && c.attributedVisits > 0 ? c.costCents / c.attributedVisits : null,
    significant_airings: c.significantAirings,
    dispersion: c.dispersion,
    claim_holds: c.relativeLiftLow >= 0.05,
  };
}
