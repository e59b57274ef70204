import type { ProDigital } from '#shared/contracts/pro-digital.schema';
import {
  type ReportDocument,
  type ReportSeries,
  reportDocumentSchema,
  storedViewOf,
} from '#shared/contracts/report.schema';
import { NotFound } from '#shared/errors';
import { pairResults } from '../../attribution/core/report';
import type { Airing, AttributionResult } from '../../attribution/core/types';
import {
  type RatingsContribution,
  ratingsContributionsOf,
  ratingsWorkKey,
} from '../../ratings/core/contribution';
import { fileRatingsContributions } from '../../ratings/core/file-contribution';
import { reportRange } from './dates';
import { type DrillDocument, encodeDrillPeriod } from './drill-codec';
import type { WeeklyNewUsers } from './industry-contribution';
import { recordContribution } from './industry-insights';
import { drillKey, reportKey, viewKey, workKeys } from './keys';
import { airingsIn, compareRange } from './periods';
import type { LocationVisits, ReportStepPayload } from './ports';
import { visitsHourly } from './pro-digital-run';
import { must, progressOf } from './step-work';
import type { StepDeps } from './steps';

/*
 * The state machine's last two steps: Aggregate builds the report document and its drill data
 * from the work objects, Store publishes them where the report screen reads them.
 */

/**
 * Aggregate: builds the report document (spec §3 "Report", "Broadcast row") and the
 * drill-down data.
 * Steps: 1. read airings, the attribution results, the series and the Pro Digital section;
 * 2. load the client (name, sample_data) and, with hourly visits, its connected properties (why
 * they are hourly: pro-digital-run.ts visitsHourly); 3. build and check the document against the
 * shared contract (compare from the comparison result only: its visits never enter the main
 * summary); 4. write it and the drill data (both periods' airings with their verdicts) and the
 * response ratings' month contributions (lambdas/ratings/core/contribution.ts); 5. progress 90.
 * @throws NotFound when the client is gone; Error when the document breaks the contract.
 */
export async function stepAggregate(
  deps: StepDeps,
  p: ReportStepPayload,
): Promise<ReportStepPayload> {
  const keys = workKeys(p.work_prefix);
  const all = await must(deps.store.getJson<Airing[]>(keys.airings), keys.airings);
  const result = await must(deps.store.getJson<AttributionResult>(keys.result), keys.result);
  const series = await must(deps.store.getJson<ReportSeries>(keys.series), keys.series);
  const cmp = p.has_compare ? compareRange(p.params) : null;
  const compare = cmp
    ? {
        airings: airingsIn(all, cmp),
        result: await must(
          deps.store.getJson<AttributionResult>(keys.compareResult),
          keys.compareResult,
        ),
      }
    : null;
  const footTraffic = p.foot_traffic_resolution
    ? {
        resolution: p.foot_traffic_resolution,
        result: await must(
          deps.store.getJson<AttributionResult>(keys.footTrafficResult),
          keys.footTrafficResult,
        ),
        locations: await must(
          deps.store.getJson<LocationVisits[]>(keys.footTrafficLocations),
          keys.footTrafficLocations,
        ),
        outsideHoursExcluded: p.foot_traffic_hours === true,
      }
    : null;
  const client = await deps.companies.getClient(p.client_uid);
  if (!client) throw new NotFound('Client');
  const proDigital = await deps.store.getJson<ProDigital>(keys.proDigital);
  const resolution = p.resolution ?? result.resolution;
  const properties =
    resolution === 'hour' && deps.connections
      ? await deps.connections.listPropertyStates(p.client_uid)
      : [];
  const airings = airingsIn(all, reportRange(p.params.date_start, p.params.date_end));
  const doc = reportDocumentSchema.parse({
    ...deps.engine.buildDocument({
      reportId: p.report_id,
      client,
      airings,
      result,
      params: p.params,
      resolution,
      generatedAt: deps.clock.now().toISOString(),
      compare,
      series,
      footTraffic,
    }),
    pro_digital: proDigital,
    visits_hourly: visitsHourly(resolution, properties),
  });
  const scored = pairResults(airings, result);
  const drill: DrillDocument = {
    version: 1,
    main: encodeDrillPeriod(scored, doc.summary),
    compare:
      compare && doc.compare
        ? encodeDrillPeriod(pairResults(compare.airings, compare.result), doc.compare.summary)
        : null,
  };
  await deps.store.putJson(keys.document, doc);
  await deps.store.putJson(keys.drill, drill);
  await deps.store.putJson(
    ratingsWorkKey(p.work_prefix),
    ratingsContributionsOf({
      client,
      reportId: p.report_id,
      dateStart: p.params.date_start,
      dateEnd: p.params.date_end,
      updatedAt: doc.generated_at,
      scored,
    }),
  );
  await deps.jobs.update(p.report_id, { progress: progressOf('Aggregate') });
  return p;
}

/**
 * Store: publishes the document, its view and its drill-down data where the report screen reads
 * them. Steps: 1. copy the drill data to `reports/<client_uid>/<report_id>/drill.json`; 2. write
 * the view (the document without its airings) to `.../<report_id>/view.json`; 3. copy the document
 * to `reports/<client_uid>/<report_id>.json`; 4. point the client's latest_report_id at it and
 * clear its latest_report_error (set to '' : the repository's patch cannot remove a field);
 * 5. file its Industry Insights contribution (industry-insights.ts recordContribution) and its
 * response ratings contributions (lambdas/ratings/core/file-contribution.ts); 6. mark
 * the job complete (100); 7. give the client's run slot back (run-throttle.ts), so its next run
 * may start at once. A retried Store writes the same objects again.
 */
export async function stepStore(deps: StepDeps, p: ReportStepPayload): Promise<ReportStepPayload> {
  const keys = workKeys(p.work_prefix);
  const doc = await must(deps.store.getJson<ReportDocument>(keys.document), keys.document);
  const drill = await must(deps.store.getJson<unknown>(keys.drill), keys.drill);
  await deps.store.putJson(drillKey(p.client_uid, p.report_id), drill);
  await deps.store.putJson(viewKey(p.client_uid, p.report_id), storedViewOf(doc));
  await deps.store.putJson(reportKey(p.client_uid, p.report_id), doc);
  const before = await deps.companies.getClient(p.client_uid);
  // A completed run clears the error an earlier failed run left (the task list row's warning).
  await deps.companies.updateClient(p.client_uid, {
    latest_report_id: p.report_id,
    ...(before?.latest_report_error ? { latest_report_error: '' } : {}),
  });
  const client = await deps.companies.getClient(p.client_uid);
  if (client) {
    const weekly = await deps.store.getJson<WeeklyNewUsers>(keys.newUsersWeeks);
    const now = deps.clock.now().toISOString();
    await recordContribution(deps.benchmarks, client, doc, now, weekly);
    // Runs aggregated before the ratings existed have no contribution object: nothing to file.
    const ratings = deps.ratings
      ? await deps.store.getJson<RatingsContribution[]>(ratingsWorkKey(p.work_prefix))
      : null;
    if (deps.ratings && ratings) await fileRatingsContributions(deps.ratings, client, ratings);
  }
  await deps.jobs.update(p.report_id, { status: 'complete', progress: progressOf('Store') });
  await deps.runs.release(p.client_uid, p.report_id);
  return p;
}
