import type { ReportDocument } from '../../../layers/shared/contracts/report.schema';
import { isoUtc } from './local-time';
import { ALL_DIMENSIONS, buildReportTables, buildSummary, pairResults } from './report';
import type { Airing, AttributionMethod, AttributionResult } from './types';

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
}

/**
 * The full report document (layers/shared/contracts/report.schema.ts): settings, summary, one row
 * per attributed airing (ISO start, dma_code = market) and every broadcast table.
 */
export function buildReportDocument(args: ReportDocumentArgs): ReportDocument {
  const { result } = args;
  const tables = buildReportTables(args.airings, result, {
    dimensions: ALL_DIMENSIONS,
    alpha: args.alpha,
  });
  return {
    report_id: args.reportId,
    client_uid: args.clientUid,
    advertiser: args.advertiser,
    generated_at: args.generatedAt,
    sample_data: args.sampleData,
    report_date_start: args.reportDateStart,
    report_date_end: args.reportDateEnd,
    settings: {
      window: result.windowMinutes,
      attribution_method: args.method,
      resolution: result.resolution,
    },
    summary: buildSummary(result.campaign),
    airings: pairResults(args.airings, result).map(({ airing, result: r }) => ({
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
    tables: tables as ReportDocument['tables'],
  };
}
