import { describe, expect, test } from 'vitest';
import {
  loadingPhrase,
  overallProgress,
  type QueueItem,
  runState,
} from '../../../web/src/lib/progress';

function item(progress: number, extra: Partial<QueueItem> = {}): QueueItem {
  return {
    report_type: 'pro_insights',
    report_id: 'r1',
    progress,
    complete: false,
    status: 'running',
    ...extra,
  };
}

describe('loading phrase by progress threshold (spec §2 loading overlay)', () => {
  test.each([
    [undefined, undefined],
    [0, 'Gathering airings and visits'],
    [29, 'Gathering airings and visits'],
    [30, 'Attributing visits to airings'],
    [69, 'Attributing visits to airings'],
    [70, 'Building your tables'],
    [99, 'Building your tables'],
    [100, 'Done'],
  ])('%s%% reads %s', (progress, phrase) => {
    expect(loadingPhrase(progress)).toBe(phrase);
  });
});

describe('run progress from the queue monitor', () => {
  test('averages items, counting complete ones as 100', () => {
    expect(overallProgress([item(20), item(40, { complete: true, status: 'complete' })])).toBe(60);
    expect(overallProgress([])).toBe(0);
    expect(overallProgress([item(150)])).toBe(100);
  });

  test('a failed item fails the run with its message', () => {
    expect(runState([item(50), item(10, { status: 'failed', message: 'No visits' })])).toEqual({
      kind: 'failed',
      message: 'No visits',
    });
  });

  test('the run completes only when every item is complete', () => {
    expect(runState([item(100, { complete: true, status: 'complete' })])).toEqual({
      kind: 'complete',
    });
    expect(runState([])).toEqual({ kind: 'running', progress: 0 });
    expect(runState([item(100, { complete: true }), item(50)])).toEqual({
      kind: 'running',
      progress: 75,
    });
  });
});
