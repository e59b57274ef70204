import { attribute, attributeWith, type MarketRunner } from '../../attribution/core/attribute';
import { buildReportDocument } from '../../attribution/core/report-document';
import { buildReportSeries } from '../../attribution/core/report-series';
import { buildVisitDataColumns } from '../../attribution/core/visit-data';
import type { ReportEngine } from './ports';

/**
 * The real attribution engine (lambdas/attribution/core, method note §5.1-5.3) behind the
 * pipeline's ReportEngine port, its DMA markets run by `runner` (the composition root passes the
 * market worker threads; null = everything on the calling thread). Same numbers either way.
 */
export function attributionEngineWith(runner: MarketRunner | null): ReportEngine {
  return {
    ...attributionEngine,
    attribute: (airings, visits, options) =>
      runner
        ? attributeWith(runner, airings, visits, options)
        : attribute(airings, visits, options),
  };
}

/**
 * The engine on the calling thread alone. Pure: the step handlers get it (or
 * {@link attributionEngineWith}) as a dependency; tests may pass this or a fake.
 */
export const attributionEngine: ReportEngine = {
  buildVisitData: (cols, resolution) => buildVisitDataColumns(cols, resolution),
  attribute: (airings, visits, options) => attribute(airings, visits, options),
  buildSeries: (airings, visits, options) => buildReportSeries(airings, visits, options),
  buildDocument: (input) =>
    buildReportDocument({
      reportId: input.reportId,
      clientUid: input.client.client_uid,
      advertiser: input.client.name,
      generatedAt: input.generatedAt,
      sampleData: input.client.sample_data,
      reportDateStart: input.params.date_start,
      reportDateEnd: input.params.date_end,
      method: input.params.attribution_method,
      airings: input.airings,
      result: input.result,
      compare:
        input.params.compare_date_start && input.params.compare_date_end
          ? {
              dateStart: input.params.compare_date_start,
              dateEnd: input.params.compare_date_end,
              airings: input.compare?.airings ?? null,
              result: input.compare?.result ?? null,
            }
          : null,
      series: input.series,
      footTraffic: input.footTraffic ?? null,
      timeZone: input.client.postlog_timezone,
    }),
};
