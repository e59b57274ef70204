import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ReportSeries } from '#shared/contracts/report.schema';
import { buildReportSeries } from '../../lambdas/attribution/core/report-series';
import type { Airing, AttributionOptions, VisitData } from '../../lambdas/attribution/core/types';
import { readVisitsFile } from '../../lambdas/imports/core/read-visits-file';
import {
  type SeriesReply,
  type SeriesRequest,
  seriesAirings,
  type VisitsFile,
  type VisitsReply,
} from './worker-messages';

export type { VisitsFile } from './worker-messages';

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
