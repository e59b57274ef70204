import useSWR from 'swr';
import { runState } from '../lib/progress';
import { callRoute } from './client';
import type { QueueMonitorResult } from './types';

/** The spec's report queue poll interval (spec §9 "report queue poll 1 s"), in milliseconds. */
export const QUEUE_POLL_MS = 1000;

/**
 * Polls queue_monitor (GET { client_uid, session_uid }) every second until every item is
 * complete or one failed; no session -> no request. Failed polls are retried (spec §8: failed
 * queue polls are logged and ignored).
 * Key `['queue_monitor', { client_uid, session_uid }]`.
 */
export function useQueueMonitor(clientUid: string | undefined, sessionUid: string | undefined) {
  return useSWR(
    clientUid && sessionUid
      ? (['queue_monitor', { client_uid: clientUid, session_uid: sessionUid }] as const)
      : null,
    ([name, input]) => callRoute<QueueMonitorResult>(name, input),
    {
      keepPreviousData: true,
      revalidateOnFocus: false,
      refreshInterval: (data) =>
        data && runState(data.queues).kind !== 'running' ? 0 : QUEUE_POLL_MS,
      errorRetryInterval: QUEUE_POLL_MS,
      onError: (error) => console.warn('queue_monitor poll failed', error),
    },
  );
}
