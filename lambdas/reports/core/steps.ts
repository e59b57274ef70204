import type { CompaniesRepository } from '#shared/companies/companies';
import type { ConnectionsStore } from '#shared/connections/connections-store';
import type { ProDigital } from '#shared/contracts/pro-digital.schema';
import {
  type ReportDocument,
  type ReportSeries,
  reportDocumentSchema,
  storedViewOf,
} from '#shared/contracts/report.schema';
import { NotFound } from '#shared/errors';
import type { LocationsStore } from '#shared/locations/locations';
import { REPORT_STEPS } from '#shared/workers';
import { pairResults } from '../../attribution/core/report';
import type { Airing, AttributionResult } from '../../attribution/core/types';
import {
  type RatingsContribution,
  ratingsContributionsOf,
  ratingsWorkKey,
} from '../../ratings/core/contribution';
import { fileRatingsContributions } from '../../ratings/core/file-contribution';
import type { RatingsSources } from '../../ratings/core/ports';
import { DAY_S, reportRange, showDate } from './dates';
import { type DrillDocument, encodeDrillPeriod } from './drill-codec';
import { ReportDataMissing } from './failures';
import { extractFootTraffic, hasOpeningHours } from './foot-traffic-extract';
import type { IndustryBenchmarkStore } from './industry-benchmarks';
import type { WeeklyNewUsers } from './industry-contribution';
import { recordContribution } from './industry-insights';
import { trendNewUsers, trendReadWindow } from './industry-trends';
import { drillKey, reportKey, viewKey, workKeys } from './keys';
import { airingsIn, compareRange, mergeAirings } from './periods';
import type {
  Clock,
  LocationVisits,
  QueryEngine,
  ReportEngine,
  ReportJobs,
  ReportRuns,
  ReportStepPayload,
  ReportStore,
} from './ports';
import { runProDigital, visitsHourly } from './pro-digital-run';
import { decodeDigital, decodeVisits, encodeDigital, encodeVisits } from './visit-codec';

/** Dependencies of the state-machine steps. */
export interface StepDeps {
  query: QueryEngine;
  store: ReportStore;
  jobs: ReportJobs;
  companies: CompaniesRepository;
  engine: ReportEngine;
  clock: Clock;
  /** Industry Insights contributions (the Store step files the report's). */
  benchmarks: IndustryBenchmarkStore;
  /** The per-client run throttle (run-throttle.ts): a finished run gives its slot back. */
  runs: Pick<ReportRuns, 'release'>;
  /**
   * The client's connected analytics properties (Aggregate: why visits are hourly). Absent: the
   * report names no property.
   */
  connections?: Pick<ConnectionsStore, 'listPropertyStates'>;
  /**
   * The client's store locations (Extract: opening hours filter the store visits; nicknames name
   * the stores). Absent: every store visit counts and stores go by their ids.
   */
  locations?: Pick<LocationsStore, 'listLocations'>;
  /**
   * Response ratings contributions (the Store step files the report's months). Absent: the
   * report feeds no ratings.
   */
  ratings?: Pick<RatingsSources, 'file'>;
}

/** Weeks of visit history read before date_start for the baseline (method note §5.1 step 3: K = 8). */
export const BASELINE_WEEKS = 8;
/** Visits read past date_end so windows of the last airings are complete (an hour bucket, plus slack). */
export const TAIL_S = 2 * 3600;
/** Seconds of baseline history read before a period. */
const HISTORY_S = BASELINE_WEEKS * 7 * DAY_S;

/**
 * True when two periods' visit blocks (each with its history and tail) do not touch: reading
 * them as one span would read every visit in between for nothing.
 */
export function periodsApart(
  a: { fromUtc: number; toUtc: number },
  b: { fromUtc: number; toUtc: number },
): boolean {
  return a.toUtc + TAIL_S <= b.fromUtc - HISTORY_S || b.toUtc + TAIL_S <= a.fromUtc - HISTORY_S;
}

const progressOf = (state: (typeof REPORT_STEPS)[number]['state']) =>
  REPORT_STEPS.find((s) => s.state === state)?.progress ?? 0;

/**
 * Extract (issue #2 §5; issue #4 comparison): airings of the report and comparison periods and
 * visits from 8 weeks before the earliest start (baseline).
 * Steps: 1. mark the job running; 2. extract airings in [date_start, date_end] and in the
 * comparison period; 3. pick minute resolution when minute visits exist in the report range, else
 * hour; 4. keep the comparison when it has airings and visits at that resolution; 5. extract the
 * metric's visits from 8 weeks before the earliest start to past the latest end, or, when the two
 * periods are far apart (periodsApart), each period's block on its own (the comparison's goes to
 * its own work object); 6. write work objects (both periods' airings in one list); 7. the Pro
 * Digital metrics (sessions, new users, engaged sessions, engagement seconds) of the same span as
 * the report period's visits; 8. the client's foot traffic of the report range, when it has any
 * (foot-traffic-extract.ts); 9. new users per week of the TREND_DATA_WEEKS weeks ending on the last
 * day (industry-trends.ts); 10. progress 30.
 * Reads that do not depend on each other are asked for together, in three rounds (2-3 and the
 * comparison's airings; 4; 5-9, foot traffic taking two of its own inside the last), and the
 * query engine runs them side by side up to its own limit (Athena: a few queries at once), so
 * the step waits for four rounds of queries at most, not a dozen in a row. Every work object has
 * a fixed key, so the order the reads finish in changes nothing.
 * @returns the payload with `resolution`, `has_compare` and `foot_traffic_resolution` set.
 * @throws ReportDataMissing (user-safe) when the report range has no airings or no visits.
 */
export async function stepExtract(
  deps: StepDeps,
  p: ReportStepPayload,
): Promise<ReportStepPayload> {
  await deps.jobs.update(p.report_id, { status: 'running' });
  const main = reportRange(p.params.date_start, p.params.date_end);
  const cmp = compareRange(p.params);
  const range = `${showDate(p.params.date_start)} - ${showDate(p.params.date_end)}`;
  const uid = p.client_uid;
  const [airings, minuteVisits, hourVisits, compareAirings] = await Promise.all([
    deps.query.extractAirings(uid, main.fromUtc, main.toUtc),
    deps.query.hasVisits(uid, 'minute', main.fromUtc, main.toUtc),
    deps.query.hasVisits(uid, 'hour', main.fromUtc, main.toUtc),
    cmp ? deps.query.extractAirings(uid, cmp.fromUtc, cmp.toUtc) : Promise.resolve([]),
  ]);
  if (airings.length === 0) throw new ReportDataMissing(`There are no airings in ${range}.`);
  const resolution = minuteVisits ? 'minute' : hourVisits ? 'hour' : null;
  if (!resolution) {
    throw new ReportDataMissing(`There are no website visits in ${range}: upload visits first.`);
  }
  const hasCompare =
    cmp !== null &&
    compareAirings.length > 0 &&
    (await deps.query.hasVisits(uid, resolution, cmp.fromUtc, cmp.toUtc));
  const keys = workKeys(p.work_prefix);
  const read = (from: number, to: number) =>
    deps.query.extractVisits(
      uid,
      resolution,
      from - HISTORY_S,
      to + TAIL_S,
      p.params.attribution_method,
    );
  const putVisits = async (key: string, from: number, to: number) =>
    deps.store.putBytes(key, encodeVisits(await read(from, to)));
  // Far-apart periods (e.g. year over year) are read as two blocks, not everything in between.
  const apart = hasCompare && cmp !== null && periodsApart(main, cmp);
  // The span of the report period's visits: the Pro Digital runs use the same grid.
  const span =
    apart || !hasCompare || !cmp
      ? main
      : { fromUtc: Math.min(main.fromUtc, cmp.fromUtc), toUtc: Math.max(main.toUtc, cmp.toUtc) };
  const visitsWritten =
    apart && cmp
      ? Promise.all([
          putVisits(keys.visits, main.fromUtc, main.toUtc),
          putVisits(keys.compareVisits, cmp.fromUtc, cmp.toUtc),
        ])
      : putVisits(keys.visits, span.fromUtc, span.toUtc);
  const digitalWritten = (async () => {
    const digital = await deps.query.extractDigital(
      uid,
      resolution,
      span.fromUtc - HISTORY_S,
      span.toUtc + TAIL_S,
    );
    await deps.store.putBytes(keys.digital, encodeDigital(digital));
  })();
  const footTrafficRead = { fromUtc: main.fromUtc - HISTORY_S, toUtc: main.toUtc + TAIL_S };
  const footTrafficDone = (async () => {
    const resolution = await extractFootTraffic(deps, uid, main, footTrafficRead, keys);
    return { resolution, hours: resolution ? await hasOpeningHours(deps, uid) : false };
  })();
  // New users of the weeks ending on the last day, whatever the report's metric (weekly trends:
  // the landing badges' weeks and the weekly trends view's weeks per DMA).
  const trend = trendReadWindow(p.params.date_end);
  const trendWritten = (async () => {
    const newUsers = await deps.query.extractVisits(
      uid,
      resolution,
      trend.fromUtc,
      trend.toUtc,
      'newuserbaseline',
    );
    await deps.store.putJson(keys.newUsersWeeks, trendNewUsers(newUsers, p.params.date_end));
  })();
  const [, , footTraffic] = await Promise.all([
    visitsWritten,
    digitalWritten,
    footTrafficDone,
    trendWritten,
    deps.store.putJson(keys.airings, mergeAirings(airings, hasCompare ? compareAirings : [])),
  ]);
  await deps.jobs.update(p.report_id, { status: 'running', progress: progressOf('Extract') });
  return {
    ...p,
    resolution,
    has_compare: hasCompare,
    foot_traffic_resolution: footTraffic.resolution,
    ...(footTraffic.hours ? { foot_traffic_hours: true } : {}),
  };
}

/**
 * Attribute: runs the engine over the extracted data (method note §5.1-5.3; issue #4).
 * Steps: 1. read airings and visits; 2. build the dense visit series; 3. attribute the airings of
 * the report range (history and the other period's airings feed and mask the baseline) with the
 * report's window; 4. the same for the comparison range when Extract kept it; 5. build the
 * summary chart series of the report range; 6. with foot traffic, attribute the same airings over
 * the store-visit series; 7. the Pro Digital section over Extract's digital metrics, when Extract
 * wrote them (pro-digital-run.ts); 8. write result, compare result, series, foot-traffic result and
 * Pro Digital section (fixed keys: a retried step writes the same objects); 9. progress 70.
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
  const main = reportRange(p.params.date_start, p.params.date_end);
  const options = { windowMinutes: p.params.window, baselineWeeks: BASELINE_WEEKS };
  const result = await deps.engine.attribute(airings, visits, { ...options, ...main });
  await deps.store.putJson(keys.result, result);
  const cmp = p.has_compare ? compareRange(p.params) : null;
  if (cmp) {
    // Extract wrote the comparison's own visits only when the periods are far apart.
    const own = await deps.store.getBytes(keys.compareVisits);
    const cmpVisits = own ? deps.engine.buildVisitData(decodeVisits(own), resolution) : visits;
    await deps.store.putJson(
      keys.compareResult,
      await deps.engine.attribute(airings, cmpVisits, { ...options, ...cmp }),
    );
  }
  await deps.store.putJson(
    keys.series,
    deps.engine.buildSeries(airings, visits, { ...options, ...main }),
  );
  if (p.foot_traffic_resolution) {
    const ft = await must(deps.store.getBytes(keys.footTraffic), keys.footTraffic);
    const stores = deps.engine.buildVisitData(decodeVisits(ft), p.foot_traffic_resolution);
    await deps.store.putJson(
      keys.footTrafficResult,
      await deps.engine.attribute(airings, stores, { ...options, ...main }),
    );
  }
  // Runs queued before the digital metrics existed have no digital object: no section.
  const digital = await deps.store.getBytes(keys.digital);
  if (digital) {
    const section = await runProDigital({
      engine: deps.engine,
      airings,
      digital: decodeDigital(digital),
      resolution,
      options: { ...options, ...main },
      main: { method: p.params.attribution_method, result },
    });
    await deps.store.putJson(keys.proDigital, section);
  }
  await deps.jobs.update(p.report_id, { progress: progressOf('Attribute') });
  return p;
}

/**
 * Aggregate: builds the report document (spec §3 "Report", "Broadcast row"; issue #4) and the
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

async function must<T>(value: Promise<T | null>, key: string): Promise<T> {
  const v = await value;
  if (v === null) throw new Error(`work object missing: ${key}`);
  return v;
}
