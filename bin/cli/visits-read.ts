import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { readVisitsFile } from '../../lambdas/imports/core/read-visits-file';
import type { VisitsFile, VisitsReply } from './worker-messages';

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

/** A visits read started now; `result` settles as readVisitsFile would; `cancel` stops it. */
export interface VisitsRead {
  result: Promise<VisitsFile>;
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

/** The read of `path` by a watched worker; read here when it answers for another path or fails. */
function adopt({ worker, settled }: Watched, path: string): VisitsRead {
  worker.ref(); // a started worker is unref'd until the command waits for it
  let cancelled = false;
  const result = settled.then(({ message }): VisitsFile | Promise<VisitsFile> => {
    void worker.terminate();
    if (cancelled) throw new Error('visits read cancelled');
    if (!message || message.path !== path) return readHere(path).result;
    if (!message.ok) throw new Error(message.message);
    return message.file;
  });
  result.catch(() => {}); // seen by whoever awaits it; not an unhandled rejection meanwhile
  return {
    result,
    cancel() {
      cancelled = true;
      void worker.terminate();
    },
  };
}

/** readVisitsFile on this thread, started at once. */
function readHere(path: string): VisitsRead {
  const result = readVisitsFile(path);
  result.catch(() => {}); // seen by whoever awaits it; not an unhandled rejection meanwhile
  return { result, cancel() {} };
}
