import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { readVisitsFile } from '../../lambdas/imports/core/read-visits-file';

/** What readVisitsFile resolves with. */
export type VisitsFile = Awaited<ReturnType<typeof readVisitsFile>>;

/**
 * Environment variable run-bundled.mjs sets to the folder of its bundles, where the visits
 * worker's own bundle sits beside the command's.
 */
export const BUNDLE_DIR_ENV = 'ANALYTICOWL_CLI_BUNDLES';
/** File name of the visits worker's bundle (run-bundled.mjs names bundles by their source path). */
const WORKER_BUNDLE = 'bin_cli_visits-worker.mjs';

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
 * thread, started at once. Same columns, same errors and the same error messages either way.
 */
export function startVisitsRead(
  path: string,
  bundleDir: string | undefined = process.env[BUNDLE_DIR_ENV],
): VisitsRead {
  const script = bundleDir ? resolve(bundleDir, WORKER_BUNDLE) : '';
  if (!script || !existsSync(script)) return readHere(path);
  const worker = new Worker(script, { workerData: { path } });
  let answered = false;
  const result = new Promise<VisitsFile>((resolve, reject) => {
    worker.once('message', (m: { ok: true; file: VisitsFile } | { ok: false; message: string }) => {
      answered = true;
      if (m.ok) resolve(m.file);
      else reject(new Error(m.message));
      void worker.terminate();
    });
    // A worker that cannot start or dies without an answer: the file is read here instead.
    const instead = () => {
      if (answered) return;
      answered = true;
      resolve(readHere(path).result);
    };
    worker.once('error', instead);
    worker.once('exit', instead);
  });
  result.catch(() => {}); // seen by whoever awaits it; not an unhandled rejection meanwhile
  return {
    result,
    cancel() {
      answered = true;
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
