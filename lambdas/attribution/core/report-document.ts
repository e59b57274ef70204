import type {
  FootTrafficResult,
  PeriodResult,
  ReportDocument,
  ReportSeries,
} from '#shared/contracts/report.schema';
import { isoUtc } from './local-time';
import {
  ALL_DIMENSIONS,
  buildReportTables,
  buildScoredTables,
  buildSummary,
  pairResults,
  type ScoredAiring,
} from './report';
import type { Airing, AttributionMethod, AttributionResult, StationType } from './types';

/** The comparison period of a report. */
export interface ComparePeriodArgs {
  /** Inclusive dates, YYYY-MM-DD. */
  dateStart: string;
  dateEnd: string;
  /** Its airings and engine result; null when the period has no airings (compare: null). */
  airings: Airing[] | null;
  result: AttributionResult | null;
}

/** The foot-traffic run of a report: the engine over store visits, and its locations. */
export interface FootTrafficArgs {
  /** The engine result over the store-visit series of the report range (hour for hourly panels). */
  result: AttributionResult;
  /** Store visits per location over the report range, any order, with their nicknames. */
  locations: readonly {
    location_id: string;
    dma_code: string;
    visits: number;
    nickname?: string | null;
  }[];
  /** Store visits outside the locations' opening hours were left out. @default false */
  outsideHoursExcluded?: boolean;
}

/** Everything a report document needs besides the engine result. */
export interface ReportDocumentArgs {
  reportId: string;
  clientUid: string;
  advertiser: string;
  /** ISO-8601 UTC. */
  generatedAt: string;
  /** True when the visits come from the simulator (SAMPLE DATA watermark). */
  sampleData: boolean;
  /** Inclusive report dates, YYYY-MM-DD. */
  reportDateStart: string;
  reportDateEnd: string;
  method: AttributionMethod;
  airings: Airing[];
  result: AttributionResult;
  alpha?: number;
  /** @default null: no comparison period (report_compare_date_* null, compare null). */
  compare?: ComparePeriodArgs | null;
  /** The summary chart (report-series.ts). @default an empty day series */
  series?: ReportSeries;
  /** IANA zone for clock times on screens (the client's post-log zone). @default omitted */
  timeZone?: string;
  /** @default null: the client has no foot traffic in the report range. */
  footTraffic?: FootTrafficArgs | null;
}

/** Station types in tab order (drives the TV/radio, cable, streaming and podcast tab groups). */
const STATION_TYPE_ORDER: readonly StationType[] = ['tv', 'radio', 'cable', 'streaming', 'podcast'];

/**
 * The full report document (layers/shared/contracts/report.schema.ts): settings, summary, one row
 * per attributed airing (ISO start, dma_code = market), every broadcast table, the comparison
 * period's summary and tables (null without a comparison or when it has no airings),
 * the chart series and the station types of the attributed airings.
 */
export function buildReportDocument(args: ReportDocumentArgs): ReportDocument {
  const { result } = args;
  const scored = pairResults(args.airings, result);
  const cmp = args.compare ?? null;
  // One walk for the station types present (a scan per type costs a closure call per airing).
  const present = new Set<StationType>();
  for (let i = 0; i < scored.length; i++)
    present.add((scored[i] as ScoredAiring).airing.stationType);
  return {
    report_id: args.reportId,
    client_uid: args.clientUid,
    advertiser: args.advertiser,
    generated_at: args.generatedAt,
    sample_data: args.sampleData,
    report_date_start: args.reportDateStart,
    report_date_end: args.reportDateEnd,
    report_compare_date_start: cmp?.dateStart ?? null,
    report_compare_date_end: cmp?.dateEnd ?? null,
    settings: {
      window: result.windowMinutes,
      attribution_method: args.method,
      resolution: result.resolution,
    },
    summary: buildSummary(result.campaign),
    tables: buildScoredTables(scored, {
      dimensions: ALL_DIMENSIONS,
      alpha: args.alpha,
    }) as PeriodResult['tables'],
    airings: scored.map(({ airing, result: r }) => ({
      airing_id: airing.id,
      start_utc: isoUtc(airing.startUtc),
      station: airing.station,
      dma_code: airing.market,
      observed: r.observed,
      expected: r.expected,
      attributed_visits: r.attributed,
      p_value: r.pValue,
      ci_low: r.ciLow,
      ci_high: r.ciHigh,
    })),
    compare:
      cmp?.airings && cmp.result && cmp.result.airings.length > 0
        ? periodResult(cmp.airings, cmp.result, args.alpha)
        : null,
    series: args.series ?? { bucket: 'day', points: [] },
    station_types: STATION_TYPE_ORDER.filter((t) => present.has(t)),
    foot_traffic: args.footTraffic
      ? footTrafficResult(args.airings, args.footTraffic, args.alpha)
      : null,
    ...(args.timeZone ? { time_zone: args.timeZone } : {}),
  };
}

/**
 * The foot-traffic part of a document: summary and tables of the store-visit run (same airings,
 * same window) and the locations by visits descending, each with its share of all store visits.
 */
export function footTrafficResult(
  airings: Airing[],
  ft: FootTrafficArgs,
  alpha?: number,
): FootTrafficResult {
  const total = ft.locations.reduce((sum, l) => sum + l.visits, 0);
  return {
    resolution: ft.result.resolution,
    ...periodResult(airings, ft.result, alpha),
    locations: [...ft.locations]
      .sort((a, b) => b.visits - a.visits || a.location_id.localeCompare(b.location_id))
      .map((l) => ({
        location_id: l.location_id,
        dma_code: l.dma_code,
        visits: l.visits,
        share: total > 0 ? l.visits / total : 0,
        ...(l.nickname ? { nickname: l.nickname } : {}),
      })),
    ...(ft.outsideHoursExcluded ? { outside_hours_excluded: true } : {}),
  };
}

/** Summary and every broadcast table of one period's engine result. */
function periodResult(airings: Airing[], result: AttributionResult, alpha?: number): PeriodResult {
  return {
    summary: buildSummary(result.campaign),
    tables: buildReportTables(airings, result, {
      dimensions: ALL_DIMENSIONS,
      alpha,
    }) as PeriodResult['tables'],
  };
}
