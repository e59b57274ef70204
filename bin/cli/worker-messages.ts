import { parseArgs } from 'node:util';
import type { ReportSeries } from '#shared/contracts/report.schema';
import type { Airing, AttributionOptions, VisitData } from '../../lambdas/attribution/core/types';
import type { readVisitsFile } from '../../lambdas/imports/core/read-visits-file';

/**
 * What the CLI's main thread and its visits worker (visits-read.ts, visits-worker.ts) say to
 * each other, and the --visits flag as the worker reads it.
 */

/** What readVisitsFile resolves with. */
export type VisitsFile = Awaited<ReturnType<typeof readVisitsFile>>;

/** The first answer of a visits worker: the file read. */
export type VisitsReply =
  | { ok: true; path: string; file: VisitsFile }
  | { ok: false; path: string | null; message: string };

/**
 * What the chart series reads of the airings (buildReportSeries and its placeAirings: the start,
 * the market and the impressions), as columns: a copy of 34,500 airing objects costs ~35 ms to
 * send and ~70 ms to receive; these cost about a millisecond.
 */
export interface SeriesAirings {
  startUtc: Float64Array;
  /** NaN where the airing has no impressions (null). */
  impressions: Float64Array;
  /** Index into `markets`. */
  market: Int32Array;
  markets: string[];
}

/** The columns of {@link SeriesAirings} of some airings. */
export function seriesAirings(airings: readonly Airing[]): SeriesAirings {
  const n = airings.length;
  const out: SeriesAirings = {
    startUtc: new Float64Array(n),
    impressions: new Float64Array(n),
    market: new Int32Array(n),
    markets: [],
  };
  const index = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const a = airings[i] as Airing;
    out.startUtc[i] = a.startUtc;
    out.impressions[i] = a.impressions ?? Number.NaN;
    let m = index.get(a.market);
    if (m === undefined) {
      m = out.markets.length;
      out.markets.push(a.market);
      index.set(a.market, m);
    }
    out.market[i] = m;
  }
  return out;
}

/**
 * Airings rebuilt from {@link SeriesAirings}: start, market and impressions; every other field is
 * left undefined (the series does not read them; a test compares with the full airings).
 */
export function airingsForSeries(c: SeriesAirings): Airing[] {
  const out: Airing[] = new Array(c.startUtc.length);
  for (let i = 0; i < out.length; i++) {
    const imp = c.impressions[i] as number;
    out[i] = {
      startUtc: c.startUtc[i] as number,
      market: c.markets[c.market[i] as number] as string,
      impressions: Number.isNaN(imp) ? null : imp,
    } as Airing;
  }
  return out;
}

/** Main → visits worker, once the file is read: the airings, then the chart series to build. */
export type SeriesRequest =
  | { kind: 'airings'; airings: SeriesAirings }
  | { kind: 'series'; visits: VisitData; options: AttributionOptions };

/** Visits worker → main: the chart series, or why it could not be built. */
export type SeriesReply =
  | { kind: 'series'; series: ReportSeries }
  | { kind: 'series-failed'; message: string };

/**
 * The --visits flag of a command's arguments, as the visits worker started by run-bundled.mjs
 * reads it (other flags ignored); undefined without one.
 */
export function visitsFlag(args: string[]): string | undefined {
  const { values } = parseArgs({
    args,
    options: { visits: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  return typeof values.visits === 'string' ? values.visits : undefined;
}
