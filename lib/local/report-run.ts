import type { RouteName } from '#shared/routes';
import { pollUntil } from './import-file';
import { callApi } from './route-calls';

/** One queue item of queue_monitor (web/src/lib/progress.ts QueueItem). */
interface QueueItem {
  report_id: string;
  progress: number;
  complete: boolean;
  status: 'queued' | 'running' | 'complete' | 'failed';
  message?: string;
}

/**
 * Runs a report through the gateway like the report screen, signed in with `idToken`:
 * perform_report, then
 * queue_monitor until the run's item is complete at progress 100.
 * @returns the report and session ids.
 * @throws when the run fails (with its message) or takes longer than `timeoutMs`.
 */
export async function waitForReport(
  baseUrl: string,
  clientUid: string,
  params: Record<string, unknown>,
  idToken: string,
  timeoutMs = 120_000,
): Promise<{ report_id: string; session_uid: string }> {
  const call = <T>(name: RouteName, input: Record<string, unknown>) =>
    callApi<T>(baseUrl, name, input, idToken);
  const run = await call<{ report_id: string; session_uid: string }>('perform_report', {
    client_uid: clientUid,
    ...params,
  });
  await pollUntil(
    `report ${run.report_id}`,
    async () => {
      const { queues } = await call<{ queues: QueueItem[] }>('queue_monitor', {
        client_uid: clientUid,
        session_uid: run.session_uid,
      });
      const item = queues.find((q) => q.report_id === run.report_id);
      if (item?.status === 'failed')
        throw new Error(`report failed: ${item.message ?? 'no message'}`);
      return item?.complete && item.progress >= 100 ? item : undefined;
    },
    timeoutMs,
  );
  return run;
}
