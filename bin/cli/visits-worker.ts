import { parentPort, workerData } from 'node:worker_threads';
import { readVisitsFile } from '../../lambdas/imports/core/read-visits-file';
import { type VisitsReply, visitsFlag } from './worker-messages';

/**
 * Worker-thread entry of the CLI's visits read (bin/cli/visits-read.ts): reads the visits CSV
 * named by `workerData.path`, or by the --visits flag of `workerData.args` (the command's
 * arguments, when run-bundled.mjs starts it before the command loads), with readVisitsFile, and
 * posts one VisitsReply: `{ ok: true, path, file }` with the columns' buffers transferred (no
 * copy), or `{ ok: false, path, message }` with the reader's error message as it is (path null
 * without a --visits flag).
 */
async function serve(port: NonNullable<typeof parentPort>, path: string | undefined) {
  if (path === undefined) {
    port.postMessage({ ok: false, path: null, message: 'no --visits' } satisfies VisitsReply);
    return;
  }
  try {
    const file = await readVisitsFile(path);
    const buffers = new Set<ArrayBuffer>();
    for (const column of [
      file.bucketUtc,
      file.dmaIndex,
      file.sessions,
      file.newUsers,
      file.pageviews,
      file.engagedSessions,
      file.engagementS,
    ]) {
      if (column) buffers.add(column.buffer as ArrayBuffer);
    }
    port.postMessage({ ok: true, path, file } satisfies VisitsReply, [...buffers]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    port.postMessage({ ok: false, path, message } satisfies VisitsReply);
  }
}

const data = workerData as { path?: string; args?: string[] } | null;
if (parentPort && data && (typeof data.path === 'string' || Array.isArray(data.args))) {
  await serve(parentPort, typeof data.path === 'string' ? data.path : visitsFlag(data.args ?? []));
}
