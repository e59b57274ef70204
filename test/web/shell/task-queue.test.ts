import { describe, expect, test } from 'vitest';
import type { CompanyQueueResult, QueueItem } from '#shared/contracts/company-queue.schema';
import {
  clearQueue,
  EMPTY_QUEUES,
  itemKey,
  mergeQueues,
  runningCount,
} from '../../../web/src/shell/task-queue';

const job = (id: string, over: Partial<QueueItem> = {}): QueueItem => ({
  client_uid: 'c1',
  client_name: 'Acme Cars',
  report_type: 'report',
  id,
  label: 'Report',
  progress: 40,
  complete: false,
  failed: false,
  message: null,
  report_id: null,
  started_at: '2026-11-26T10:00:00Z',
  ...over,
});

const answer = (user: QueueItem[], client: QueueItem[] = []): CompanyQueueResult => ({
  user,
  client,
  version: 'b1',
});

describe('mergeQueues', () => {
  test('an item missing from a later response while under 100 is shown complete at 100', () => {
    const first = mergeQueues(EMPTY_QUEUES, answer([job('r1', { progress: 40 }), job('r2')]));

    const second = mergeQueues(first, answer([job('r2', { progress: 60 })]));

    expect(second.user.map((i) => [i.id, i.progress, i.complete, i.gone])).toEqual([
      ['r2', 60, false, false],
      ['r1', 100, true, true],
    ]);
  });

  test('a failed item that leaves the response is dropped, not turned into a success', () => {
    const first = mergeQueues(
      EMPTY_QUEUES,
      answer([job('r1', { failed: true, complete: true, message: 'No airings' })]),
    );

    const second = mergeQueues(first, answer([]));

    expect(second.user).toEqual([]);
  });

  test('an item at 100 counts as complete even when the server has not flagged it', () => {
    const merged = mergeQueues(EMPTY_QUEUES, answer([job('r1', { progress: 100 })]));

    expect(merged.user[0]?.complete).toBe(true);
    expect(runningCount(merged)).toBe(0);
  });

  test('a vanished item stays complete through further responses until cleared', () => {
    let queues = mergeQueues(EMPTY_QUEUES, answer([job('r1')]));
    queues = mergeQueues(queues, answer([]));

    queues = mergeQueues(queues, answer([]));

    expect(queues.user.map((i) => [i.id, i.complete])).toEqual([['r1', true]]);
  });

  test('ids of different job kinds do not collide', () => {
    const first = mergeQueues(
      EMPTY_QUEUES,
      answer([job('x1', { report_type: 'report' }), job('x1', { report_type: 'postlog_import' })]),
    );

    const second = mergeQueues(first, answer([job('x1', { report_type: 'report' })]));

    expect(second.user.map((i) => [i.report_type, i.gone])).toEqual([
      ['report', false],
      ['postlog_import', true],
    ]);
  });
});

describe('runningCount', () => {
  test('counts a job listed in both the user and the client queue once', () => {
    const queues = mergeQueues(
      EMPTY_QUEUES,
      answer([job('r1'), job('r2', { failed: true })], [job('r1')]),
    );

    expect(runningCount(queues)).toBe(1);
  });
});

describe('clearQueue', () => {
  test('clears one item or the whole queue, leaving the other queue alone', () => {
    const queues = mergeQueues(EMPTY_QUEUES, answer([job('r1'), job('r2')], [job('r3')]));

    const one = clearQueue(queues, 'user', itemKey(job('r1')));
    const all = clearQueue(queues, 'user');

    expect(one.user.map((i) => i.id)).toEqual(['r2']);
    expect(all.user).toEqual([]);
    expect(all.client.map((i) => i.id)).toEqual(['r3']);
  });
});
