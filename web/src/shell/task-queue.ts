import type { CompanyQueueResult, QueueItem } from '#shared/contracts/company-queue.schema';

/** The two queues of the tasks panel (spec §3 "queues split into user and client"). */
export type QueueName = 'user' | 'client';

/** A queue item as the panel shows it: `gone` when it left the server's answer while under 100. */
export interface ShownItem extends QueueItem {
  queue: QueueName;
  /** Marked complete by the panel because a later response no longer listed it (spec §4). */
  gone: boolean;
}

/** The panel's queues, each in the server's order with vanished items kept where they were. */
export interface ShownQueues {
  user: ShownItem[];
  client: ShownItem[];
}

export const EMPTY_QUEUES: ShownQueues = { user: [], client: [] };

/** One item's identity inside a queue (ids of different job kinds may collide). */
export const itemKey = (item: Pick<QueueItem, 'report_type' | 'id'>) =>
  `${item.report_type}:${item.id}`;

/** Done either way: complete, failed, or at 100. */
export const isFinished = (item: QueueItem) => item.complete || item.failed || item.progress >= 100;

function mergeQueue(queue: QueueName, previous: ShownItem[], next: QueueItem[]): ShownItem[] {
  const fresh: ShownItem[] = next.map((item) => ({
    ...item,
    complete: item.complete || item.progress >= 100,
    queue,
    gone: false,
  }));
  const seen = new Set(fresh.map(itemKey));
  // Spec §4: an item missing from a later response while under 100 is marked complete; finished
  // ones that left the answer (cleared elsewhere, older than a day) simply drop out.
  const vanished = previous
    .filter((item) => !seen.has(itemKey(item)))
    .filter((item) => item.gone || !isFinished(item))
    .map((item) => ({ ...item, progress: 100, complete: true, gone: true }));
  return [...fresh, ...vanished];
}

/**
 * Folds one company_queue_monitor answer into what the panel shows (spec §4 "Queue (companies)"):
 * items take the server's progress; an item at 100 is complete; an item the previous state had
 * incomplete and the new answer lacks is kept, at progress 100 and complete (`gone`), until the
 * user clears it. Pure: returns new arrays.
 */
export function mergeQueues(previous: ShownQueues, next: CompanyQueueResult): ShownQueues {
  return {
    user: mergeQueue('user', previous.user, next.user),
    client: mergeQueue('client', previous.client, next.client),
  };
}

/**
 * How many distinct jobs are still running over both queues (a job can be in both the user and
 * the client queue): the tasks toggle's badge and the poll switch (spec §4 "when none incomplete
 * all complete and polling stops").
 */
export function runningCount(queues: ShownQueues): number {
  const running = new Set(
    [...queues.user, ...queues.client].filter((i) => !isFinished(i)).map(itemKey),
  );
  return running.size;
}

/** Removes one item (`key` from {@link itemKey}) or, without a key, the whole queue. */
export function clearQueue(queues: ShownQueues, queue: QueueName, key?: string): ShownQueues {
  return {
    ...queues,
    [queue]: key === undefined ? [] : queues[queue].filter((item) => itemKey(item) !== key),
  };
}
