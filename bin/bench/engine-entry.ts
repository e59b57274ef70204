/**
 * What the attribution benchmark times, as one module: bin/bench/bundled-engine.ts bundles it
 * with the Lambda's esbuild options so the bench runs the code AWS runs.
 */
export { MarketWorkers } from '../../lambdas/attribution/adapters/market-workers';
export { attribute, attributeWith } from '../../lambdas/attribution/core/attribute';
export { buildReportDocument } from '../../lambdas/attribution/core/report-document';
export { buildVisitDataColumns, SeriesPool } from '../../lambdas/attribution/core/visit-data';
