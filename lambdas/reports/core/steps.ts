import type { CompaniesRepository } from '../../../layers/shared/companies/companies';
import { reportDocumentSchema } from '../../../layers/shared/contracts/report.schema';
import { NotFound } from '../../../layers/shared/errors';
import { REPORT_STEPS } from '../../../layers/shared/workers';
import type { Airing, AttributionResult } from '../../attribution/core/types';
import { DAY_S, reportRange, showDate } from './dates';
import { ReportDataMissing } from './failures';
import { reportKey, workKeys } from './keys';
import type {
  Clock,
  QueryEngine,
  ReportEngine,
  ReportJobs,
  ReportStepPayload,
  ReportStore,
} from './ports';
import { decodeVisits, encodeVisits } from './visit-codec';

/** Dependencies of the state-machine steps. */
export interface StepDeps {
  query: QueryEngine;
  store: ReportStore;
  jobs: ReportJobs;
  companies: CompaniesRepository;
  engine: ReportEngine;
  clock: Clock;
}

/** Weeks of visit history read before date_start for the baseline (method note §5.1 step 3: K = 8). */
export const BASELINE_WEEKS = 8;
/** Visits read past date_end so windows of the last airings are complete (an hour bucket, plus slack). */
export const TAIL_S = 2 * 3600;

const progressOf = (state: (typeof REPORT_STEPS)[number]['state']) =>
  REPORT_STEPS.find((s) => s.state === state)?.progress ?? 0;

/**
 * Extract (issue #2 §5): airings of the range and visits from 8 weeks before it (baseline).
 * Steps: 1. mark the job running; 2. extract airings in [date_start, date_end]; 3. pick minute
 * resolution when minute visits exist in the range, else hour; 4. extract the metric's visits;
 * 5. write work objects; 6. progress 30.
 * @returns the payload with `resolution` set.
 * @throws ReportDataMissing (user-safe) when the range has no airings or no visits.
 */
export async function stepExtract(
  deps: StepDeps,
  p: ReportStepPayload,
): Promise<ReportStepPayload> {
  await deps.jobs.update(p.report_id, { status: 'running' });
  const { fromUtc, toUtc } = reportRange(p.params.date_start, p.params.date_end);
  const range = `${showDate(p.params.date_start)} - ${showDate(p.params.date_end)}`;
  const airings = await deps.query.extractAirings(p.client_uid, fromUtc, toUtc);
  if (airings.length === 0) throw new ReportDataMissing(`There are no airings in ${range}.`);
  const resolution = (await deps.query.hasVisits(p.client_uid, 'minute', fromUtc, toUtc))
    ? 'minute'
    : (await deps.query.hasVisits(p.client_uid, 'hour', fromUtc, toUtc))
      ? 'hour'
      : null;
  if (!resolution) {
    throw new ReportDataMissing(`There are no website visits in ${range}: upload visits first.`);
  }
  const historyFrom = fromUtc - BASELINE_WEEKS * 7 * DAY_S;
  const visits = await deps.query.extractVisits(
    p.client_uid,
    resolution,
    historyFrom,
    toUtc + TAIL_S,
    p.params.attribution_method,
  );
  const keys = workKeys(p.work_prefix);
  await deps.store.putJson(keys.airings, airings);
  await deps.store.putBytes(keys.visits, encodeVisits(visits));
  await deps.jobs.update(p.report_id, { status: 'running', progress: progressOf('Extract') });
  return { ...p, resolution };
}

/**
 * Attribute: runs the engine over the extracted data (method note §5.1-5.3).
 * Steps: 1. read airings and visits; 2. build the dense visit series; 3. attribute airings in
 * the range (history feeds the baseline) with the report's window; 4. write the result;
 * 5. progress 70.
 * @throws Error when Extract's work objects are missing (a broken run).
 */
export async function stepAttribute(
  deps: StepDeps,
  p: ReportStepPayload,
): Promise<ReportStepPayload> {
  const keys = workKeys(p.work_prefix);
  const airings = await must(deps.store.getJson<Airing[]>(keys.airings), keys.airings);
  const bytes = await must(deps.store.getBytes(keys.visits), keys.visits);
  const resolution = p.resolution ?? 'minute';
  const visits = deps.engine.buildVisitData(decodeVisits(bytes), resolution);
  const { fromUtc, toUtc } = reportRange(p.params.date_start, p.params.date_end);
  const result = deps.engine.attribute(airings, visits, {
    windowMinutes: p.params.window,
    baselineWeeks: BASELINE_WEEKS,
    fromUtc,
    toUtc,
  });
  await deps.store.putJson(keys.result, result);
  await deps.jobs.update(p.report_id, { progress: progressOf('Attribute') });
  return p;
}

/**
 * Aggregate: builds the report document (spec §3 "Report", "Broadcast row").
 * Steps: 1. read airings and the attribution result; 2. load the client (name, sample_data);
 * 3. build and check the document against the shared contract; 4. write it; 5. progress 90.
 * @throws NotFound when the client is gone; Error when the document breaks the contract.
 */
export async function stepAggregate(
  deps: StepDeps,
  p: ReportStepPayload,
): Promise<ReportStepPayload> {
  const keys = workKeys(p.work_prefix);
  const airings = await must(deps.store.getJson<Airing[]>(keys.airings), keys.airings);
  const result = await must(deps.store.getJson<AttributionResult>(keys.result), keys.result);
  const client = await deps.companies.getClient(p.client_uid);
  if (!client) throw new NotFound('Client');
  const doc = deps.engine.buildDocument({
    reportId: p.report_id,
    client,
    airings,
    result,
    params: p.params,
    resolution: p.resolution ?? result.resolution,
    generatedAt: deps.clock.now().toISOString(),
  });
  await deps.store.putJson(keys.document, reportDocumentSchema.parse(doc));
  await deps.jobs.update(p.report_id, { progress: progressOf('Aggregate') });
  return p;
}

/**
 * Store: publishes the document where the report screen reads it.
 * Steps: 1. copy the document to `reports/<client_uid>/<report_id>.json`; 2. point the client's
 * latest_report_id at it; 3. mark the job complete (100).
 */
export async function stepStore(deps: StepDeps, p: ReportStepPayload): Promise<ReportStepPayload> {
  const keys = workKeys(p.work_prefix);
  const doc = await must(deps.store.getJson<unknown>(keys.document), keys.document);
  await deps.store.putJson(reportKey(p.client_uid, p.report_id), doc);
  await deps.companies.updateClient(p.client_uid, { latest_report_id: p.report_id });
  await deps.jobs.update(p.report_id, { status: 'complete', progress: progressOf('Store') });
  return p;
}

async function must<T>(value: Promise<T | null>, key: string): Promise<T> {
  const v = await value;
  if (v === null) throw new Error(`work object missing: ${key}`);
  return v;
}
