import { parentPort, workerData } from 'node:worker_threads';
import { buildReportSeries } from '../../lambdas/attribution/core/report-series';
import type { Airing } from '../../lambdas/attribution/core/types';
import { readVisitsFile } from '../../lambdas/imports/core/read-visits-file';
import {
  airingsForSeries,
  type SeriesReply,
  type SeriesRequest,
  type VisitsReply,
  visitsFlag,
} from './worker-messages';

/**
 * Worker-thread entry of the CLI's visits read (bin/cli/visits-read.ts): reads the visits CSV
 * named by `workerData.path`, or by the --visits flag of `workerData.args` (the command's
 * arguments, when run-bundled.mjs starts it before the command loads), with readVisitsFile, and
 * posts one VisitsReply: `{ ok: true, path, file }` with the columns' buffers transferred (no
 * copy), or `{ ok: false, path, message }` with the reader's error message as it is (path null
 * without a --visits flag). Then, while the command attributes, it builds the report's chart
 * series on request (SeriesRequest: the airings, then the visits and options) and posts it
 * (SeriesReply); the command ends the thread.
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
    // Only now: the airings the command posted meanwhile waited in the port, unread.
    buildSeriesOnRequest(port);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    port.postMessage({ ok: false, path, message } satisfies VisitsReply);
  }
}

/** Answers the command's SeriesRequests (the airings, then the visits and options). */
function buildSeriesOnRequest(port: NonNullable<typeof parentPort>): void {
  let airings: Airing[] = [];
  port.on('message', (m: SeriesRequest) => {
    if (m.kind === 'airings') {
      airings = airingsForSeries(m.airings);
      return;
    }
    let reply: SeriesReply;
    try {
      reply = { kind: 'series', series: buildReportSeries(airings, m.visits, m.options) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      reply = { kind: 'series-failed', message };
    }
    port.postMessage(reply);
  });
}

const data = workerData as { path?: string; args?: string[] } | null;
if (parentPort && data && (typeof data.path === 'string' || Array.isArray(data.args))) {
  await serve(parentPort, typeof data.path === 'string' ? data.path : visitsFlag(data.args ?? []));
}
