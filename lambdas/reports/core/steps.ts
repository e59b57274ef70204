import type { CompaniesRepository } from '#shared/companies/companies';
import type { ConnectionsStore } from '#shared/connections/connections-store';
import type { LocationsStore } from '#shared/locations/locations';
import type { Airing } from '../../attribution/core/types';
import type { RatingsSources } from '../../ratings/core/ports';
import { DAY_S, reportRange, showDate } from './dates';
import { ReportDataMissing } from './failures';
import { extractFootTraffic, hasOpeningHours } from './foot-traffic-extract';
import type { IndustryBenchmarkStore } from './industry-benchmarks';
import { trendNewUsers, trendReadWindow } from './industry-trends';
import { workKeys } from './keys';
import { compareRange, mergeAirings } from './periods';
import type {
  Clock,
  QueryEngine,
  ReportEngine,
  ReportJobs,
  ReportRuns,
  ReportStepPayload,
  ReportStore,
} from './ports';
import { runProDigital } from './pro-digital-run';
import { must, progressOf } from './step-work';
import { decodeDigital, decodeVisits, encodeDigital, encodeVisits } from './visit-codec';

// Aggregate and Store (building and publishing the document) live in step-publish.ts.
export { stepAggregate, stepStore } from './step-publish';

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

/**
 * Extract (spec §4 "Report generation"): airings of the report and comparison periods and
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
 * Attribute: runs the engine over the extracted data (method note §5.1-5.3).
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
