import type { PropertyPullState } from '#shared/connections/connections-store';
import type { ProDigital, VisitsHourly } from '#shared/contracts/pro-digital.schema';
import {
  buildProDigital,
  type DigitalRuns,
  type DigitalSeries,
} from '../../attribution/core/pro-digital';
import type {
  Airing,
  AttributionMethod,
  AttributionOptions,
  AttributionResult,
  Resolution,
} from '../../attribution/core/types';
import type { DigitalColumnsResult, ReportEngine } from './ports';

/** What {@link runProDigital} needs from the Attribute step. */
export interface ProDigitalRunInput {
  engine: ReportEngine;
  /** The airings the report run attributed (both periods: the others mask the baseline). */
  airings: Airing[];
  /** The Pro Digital metrics of the report block (history, range and tail), from Extract. */
  digital: DigitalColumnsResult;
  resolution: Resolution;
  /** The report run's options (window, baseline weeks, report range). */
  options: AttributionOptions & { fromUtc: number; toUtc: number };
  /** The report run itself: reused for its own metric (sessions, or new users). */
  main: { method: AttributionMethod; result: AttributionResult };
}

/** Which series each method's own run already is. */
const METHOD_SERIES: Partial<Record<AttributionMethod, DigitalSeries>> = {
  sessions: 'sessions',
  newuserbaseline: 'new_users',
};

/**
 * Runs the engine over each Pro Digital visit series and builds the section
 * (lambdas/attribution/core/pro-digital.ts: in-window against baseline rates, same windows and
 * baseline as the report). Steps: 1. the series: sessions, new users, engaged sessions and
 * engagement seconds (not measured = 0) and, for each of those two, the sessions of the rows
 * that measure it; 2. a metric is measured when some row of the report range carries it (else
 * it is not run and shows as not available); 3. one engine run per series, without the halo
 * (the section does not use it), reusing the report's own run for its metric and the sessions
 * run for a base series equal to sessions (every row measured); 4. the section.
 */
export async function runProDigital(input: ProDigitalRunInput): Promise<ProDigital> {
  const { digital: d, options } = input;
  const n = d.bucketUtc.length;
  const engaged = new Float64Array(n);
  const engagedBase = new Float64Array(n);
  const engagement = new Float64Array(n);
  const engagementBase = new Float64Array(n);
  let engagedMeasured = false;
  let engagementMeasured = false;
  let engagedEverywhere = true;
  let engagementEverywhere = true;
  for (let i = 0; i < n; i++) {
    const inRange = d.bucketUtc[i]! >= options.fromUtc && d.bucketUtc[i]! < options.toUtc;
    const es = d.engagedSessions[i]!;
    const et = d.engagementS[i]!;
    if (Number.isNaN(es)) engagedEverywhere = false;
    else {
      engaged[i] = es;
      engagedBase[i] = d.sessions[i]!;
      if (inRange) engagedMeasured = true;
    }
    if (Number.isNaN(et)) engagementEverywhere = false;
    else {
      engagement[i] = et;
      engagementBase[i] = d.sessions[i]!;
      if (inRange) engagementMeasured = true;
    }
  }
  const runOptions: AttributionOptions = { ...options, halo: false };
  const ownSeries = METHOD_SERIES[input.main.method];
  const run = async (series: DigitalSeries, values: Float64Array): Promise<AttributionResult> => {
    if (series === ownSeries) return input.main.result;
    const visits = input.engine.buildVisitData(
      { bucketUtc: d.bucketUtc, dmaIndex: d.dmaIndex, dmaCodes: d.dmaCodes, values },
      input.resolution,
    );
    return input.engine.attribute(input.airings, visits, runOptions);
  };
  const sessions = await run('sessions', d.sessions);
  const runs: DigitalRuns = {
    sessions,
    new_users: await run('new_users', d.newUsers),
    engaged_sessions: engagedMeasured ? await run('engaged_sessions', engaged) : null,
    engaged_base: engagedMeasured
      ? engagedEverywhere
        ? sessions
        : await run('engaged_base', engagedBase)
      : null,
    engagement_s: engagementMeasured ? await run('engagement_s', engagement) : null,
    engagement_base: engagementMeasured
      ? engagementEverywhere
        ? sessions
        : await run('engagement_base', engagementBase)
      : null,
  };
  return buildProDigital({
    airings: input.airings,
    runs,
    resolution: input.resolution,
    windowMinutes: options.windowMinutes ?? 8,
    measured: { engaged: engagedMeasured, engagement: engagementMeasured },
  });
}

/**
 * Why a report's visits are hourly, for the notice near its chart (method note §5.2): null
 * with minute visits; `google_analytics` with each connected property Google gives only hourly
 * data (its name and Google's reason as the pull recorded it); else `upload` (an hourly visits
 * file, hour_utc).
 */
export function visitsHourly(
  resolution: Resolution,
  properties: readonly Pick<
    PropertyPullState,
    'property_id' | 'display_name' | 'resolution' | 'hourly_reason'
  >[],
): VisitsHourly | null {
  if (resolution !== 'hour') return null;
  const hourly = properties.filter((p) => p.resolution === 'hour');
  if (hourly.length === 0) return { source: 'upload', properties: [] };
  return {
    source: 'google_analytics',
    properties: hourly.map((p) => ({
      name: p.display_name.trim() || `Property ${p.property_id}`,
      reason: p.hourly_reason?.trim() || 'Google gives this property hourly data only.',
    })),
  };
}
