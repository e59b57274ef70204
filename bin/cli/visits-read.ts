import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { ReportSeries } from '#shared/contracts/report.schema';
import { buildReportSeries } from '../../lambdas/attribution/core/report-series';
import type { Airing, AttributionOptions, VisitData } from '../../lambdas/attribution/core/types';
import { readVisitsFile } from '../../lambdas/imports/core/read-visits-file';

/** What readVisitsFile resolves with. */
export type VisitsFile = Awaited<ReturnType<typeof readVisitsFile>>;

/**
 * Environment variable run-bundled.mjs sets to the folder of its bundles, where the visits
 * worker's own bundle sits beside the command's.
 */
export const BUNDLE_DIR_ENV = 'ANALYTICOWL_CLI_BUNDLES';
/** The visits worker's source (run-bundled.mjs names bundles and started workers by it). */
export const VISITS_WORKER = 'bin/cli/visits-worker.ts';
/** File name of the visits worker's bundle (run-bundled.mjs names bundles by their source path). */
const WORKER_BUNDLE = 'bin_cli_visits-worker.mjs';
/**
 * Where run-bundled.mjs leaves the workers it started before the command's bundle loaded:
 * source path → the worker and how it ended (its one message, or an error).
 */
const STARTED = Symbol.for('analyticowl.cli.started-workers');

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

/** A worker and how it ended: its reply, or an error when it failed without one. */
interface Watched {
  worker: Worker;
  settled: Promise<{ message?: VisitsReply; error?: unknown }>;
}

/**
 * A visits read started now; `result` settles as readVisitsFile would. The reader's thread then
 * builds the report's chart series while the caller attributes (`series`).
 */
export interface VisitsRead {
  result: Promise<VisitsFile>;
  /**
   * Hands the airings to the reader's thread ahead of `series` (what the series reads of them,
   * as columns: {@link SeriesAirings}).
   */
  shareAirings(airings: Airing[]): void;
  /**
   * buildReportSeries(airings, visits, options) on the reader's thread (the visits' series are
   * on SharedArrayBuffers: nothing is copied) or, without a worker or when it
   * fails, on this one. The same series either way: the engine only reads the visits.
   */
  series(airings: Airing[], visits: VisitData, options: AttributionOptions): Promise<ReportSeries>;
  /** Ends the reader's thread (a read not yet answered is dropped). */
  cancel(): void;
}

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

/**
 * Starts reading the visits CSV at `path`: on a worker thread when the command runs from its
 * bundles (the worker's small bundle loads in a few tens of ms and the typed columns come back
 * without a copy), so the post-log is read on the main thread meanwhile and the two files cost
 * the longer of the two reads on two cores instead of their sum; otherwise (tsx, tests) on this
 * thread, started at once. A worker run-bundled.mjs already started on the command's --visits
 * (before the command's own bundle loaded) is taken over when it reads this same path.
 * Same columns, same errors and the same error messages either way; a worker that cannot
 * start or dies without an answer leaves the read to this thread.
 */
export function startVisitsRead(
  path: string,
  bundleDir: string | undefined = process.env[BUNDLE_DIR_ENV],
): VisitsRead {
  const started = takeStarted();
  if (started) return adopt(started, path);
  const script = bundleDir ? resolve(bundleDir, WORKER_BUNDLE) : '';
  if (!script || !existsSync(script)) return readHere(path);
  let worker: Worker;
  try {
    worker = new Worker(script, { workerData: { path } });
  } catch {
    return readHere(path);
  }
  return adopt(watch(worker), path);
}

/** Watches a worker for its one reply (registered at once, so none is missed). */
export function watch(worker: Worker): Watched {
  const settled = new Promise<{ message?: VisitsReply; error?: unknown }>((done) => {
    worker.once('message', (message: VisitsReply) => done({ message }));
    worker.once('error', (error) => done({ error }));
    worker.once('exit', (code) => done({ error: new Error(`worker exited (code ${code})`) }));
  });
  return { worker, settled };
}

/** The visits worker run-bundled.mjs started, taken (so it is adopted once), or undefined. */
function takeStarted(): Watched | undefined {
  const started = (globalThis as Record<symbol, Map<string, Watched> | undefined>)[STARTED];
  const watched = started?.get(VISITS_WORKER);
  started?.delete(VISITS_WORKER);
  return watched;
}

/**
 * The read of `path` by a watched worker, read here when it answers for another path or fails;
 * the worker is kept for the series and ended by `cancel` (or when it fails).
 */
function adopt({ worker, settled }: Watched, path: string): VisitsRead {
  worker.ref(); // a started worker is unref'd until the command waits for it
  let alive = true;
  let cancelled = false;
  let shared: Airing[] | null = null;
  const end = () => {
    alive = false;
    void worker.terminate();
  };
  let answered = false;
  const result = settled.then(({ message }): VisitsFile | Promise<VisitsFile> => {
    if (cancelled) throw new Error('visits read cancelled');
    if (!message || message.path !== path) {
      end();
      return readHere(path).result;
    }
    if (!message.ok) {
      end();
      throw new Error(message.message);
    }
    answered = true;
    worker.unref(); // idle until the series is asked for
    return message.file;
  });
  result.catch(() => {}); // seen by whoever awaits it; not an unhandled rejection meanwhile
  const post = (m: SeriesRequest) => worker.postMessage(m);
  const shareAirings = (airings: Airing[]) => {
    if (!alive) return;
    shared = airings;
    const columns = seriesAirings(airings);
    const buffers = [columns.startUtc, columns.impressions, columns.market].map(
      (a) => a.buffer as ArrayBuffer,
    );
    worker.postMessage({ kind: 'airings', airings: columns } satisfies SeriesRequest, buffers);
  };
  return {
    result,
    shareAirings,
    series(airings, visits, options) {
      if (!alive || !answered) return later(() => buildReportSeries(airings, visits, options));
      if (shared !== airings) shareAirings(airings);
      worker.ref();
      const reply = new Promise<SeriesReply | null>((done) => {
        worker.on('message', (m: SeriesReply) => done(m));
        worker.once('error', () => done(null));
        worker.once('exit', () => done(null));
      });
      // Posted now, so the worker builds the series while the caller goes on.
      post({ kind: 'series', visits, options });
      return reply.then((answer) => {
        end();
        if (cancelled) throw new Error('series cancelled');
        if (answer?.kind === 'series') return answer.series;
        // The worker failed: the same series, built here.
        return buildReportSeries(airings, visits, options);
      });
    },
    cancel() {
      cancelled = true;
      end();
    },
  };
}

/**
 * `build()` once the caller's synchronous work is done (a microtask later): the series is built
 * after the attribution, in the order the command always had, when no worker builds it.
 */
function later<T>(build: () => T): Promise<T> {
  return Promise.resolve().then(build);
}

/** readVisitsFile on this thread, started at once; the series is built here too. */
function readHere(path: string): VisitsRead {
  const result = readVisitsFile(path);
  result.catch(() => {}); // seen by whoever awaits it; not an unhandled rejection meanwhile
  return {
    result,
    shareAirings() {},
    series: (airings, visits, options) => later(() => buildReportSeries(airings, visits, options)),
    cancel() {},
  };
}
