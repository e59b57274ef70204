import { useCallback, useEffect, useState } from 'react';
import useSWR, { mutate as globalMutate } from 'swr';
import { isNewerBuild } from '#shared/build-id';
import {
  COMPANY_QUEUE_POLL_MS,
  companyQueueResultSchema,
} from '#shared/contracts/company-queue.schema';
import { callRoute } from '../api/client';
import { LOADED_BUILD_ID } from './build-id';
import {
  clearQueue,
  EMPTY_QUEUES,
  isFinished,
  itemKey,
  mergeQueues,
  type QueueName,
  runningCount,
  type ShownItem,
} from './task-queue';

const ROUTE = 'company_queue_monitor';

/**
 * Asks the tasks panel to poll now (after starting an import or a report run elsewhere), so a
 * new job shows without waiting; polling then goes on every 10 s while it runs.
 */
export function refreshTasks(): Promise<unknown> {
  return globalMutate((key) => Array.isArray(key) && key[0] === ROUTE);
}

/**
 * The tasks panel's data (spec §4 "Queue (companies)", §9 "company queue poll 10 s"): polls
 * company_queue_monitor (GET { current_report_client_uid }) every COMPANY_QUEUE_POLL_MS while any
 * item is incomplete and stops when none is; folds each answer into the shown queues
 * ({@link mergeQueues}); failed polls are logged and ignored (spec §8).
 * Key `['company_queue_monitor', { current_report_client_uid }]`.
 * @returns the queues, the running count, whether a new app version is out, and clear(queue, item?).
 */
export function useCompanyQueue(currentClientUid: string | undefined) {
  const [queues, setQueues] = useState(EMPTY_QUEUES);
  const input = currentClientUid ? { current_report_client_uid: currentClientUid } : {};
  const swr = useSWR(
    [ROUTE, input] as const,
    async ([name, body]) => companyQueueResultSchema.parse(await callRoute(name, body)),
    {
      keepPreviousData: true,
      revalidateOnFocus: false,
      refreshInterval: (data) =>
        data && [...data.user, ...data.client].every(isFinished) ? 0 : COMPANY_QUEUE_POLL_MS,
      errorRetryInterval: COMPANY_QUEUE_POLL_MS,
      onError: (error) => console.warn('company_queue_monitor poll failed', error),
    },
  );
  const { data, mutate } = swr;

  useEffect(() => {
    if (data) setQueues((previous) => mergeQueues(previous, data));
  }, [data]);

  const clear = useCallback(
    async (queue: QueueName, item?: ShownItem) => {
      setQueues((previous) => clearQueue(previous, queue, item ? itemKey(item) : undefined));
      try {
        await callRoute('company_queue_clear', {
          queue,
          ...(item ? { id: item.id } : {}),
          ...(queue === 'client' && currentClientUid ? { client_uid: currentClientUid } : {}),
        });
      } catch (error) {
        // The item is already gone from the panel; the next poll shows it again if it was kept.
        console.warn('company_queue_clear failed', error);
      }
      void mutate();
    },
    [currentClientUid, mutate],
  );

  return {
    queues,
    running: runningCount(queues),
    newVersion: data ? isNewerBuild(data.version, LOADED_BUILD_ID) : false,
    error: swr.error as unknown,
    loading: !data && !swr.error,
    clear,
    /** Polls now (the panel opening, a job started here). */
    refresh: mutate,
  };
}
