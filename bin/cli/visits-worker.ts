import { parentPort, workerData } from 'node:worker_threads';
import { readVisitsFile } from '../../lambdas/imports/core/read-visits-file';

/**
 * Worker-thread entry of the CLI's visits read (bin/cli/visits-read.ts starts it from its own
 * small bundle): reads the visits CSV named by `workerData.path` with readVisitsFile and posts
 * `{ ok: true, file }` with the columns' buffers transferred (no copy), or `{ ok: false, message }`
 * with the reader's error message as it is.
 */
async function serve(port: NonNullable<typeof parentPort>, path: string): Promise<void> {
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
    port.postMessage({ ok: true, file }, [...buffers]);
  } catch (error) {
    port.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

if (parentPort && typeof workerData?.path === 'string') await serve(parentPort, workerData.path);
