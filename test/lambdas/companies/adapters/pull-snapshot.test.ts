import { describe, expect, test } from 'vitest';
import { pullSnapshot } from '../../../../lambdas/companies/adapters/dynamo-queue-jobs';

const conn = { status: 'active', invalid_reason: null, created_at: '2026-11-26T10:00:00.000Z' };
const prop = (state: string, progress: number, message: string | null = null) => ({
  display_name: `Site ${progress}`,
  pull: { state, progress, message, last_pull_at: '2026-11-26T11:00:00.000Z' },
});

describe("a GA4 connection's pulls in the tasks panel", () => {
  test('a backfill under way runs, at the mean progress of its properties', () => {
    expect(pullSnapshot(conn, [prop('running', 40), prop('done', 100)], 'c1')).toMatchObject({
      status: 'running',
      progress: 70,
      client_uid: 'c1',
    });
  });

  test('the hourly pulls after the backfill do not make it run again', () => {
    expect(pullSnapshot(conn, [prop('running', 100), prop('queued', 100)], 'c1')).toMatchObject({
      status: 'complete',
    });
  });

  test('a failed pull, or a connection that lost access, fails with its reason', () => {
    expect(pullSnapshot(conn, [prop('failed', 30, 'Quota used up.')], 'c1')).toMatchObject({
      status: 'failed',
      message: 'Quota used up.',
    });
    expect(
      pullSnapshot(
        { ...conn, status: 'invalid', invalid_reason: 'Access was removed.' },
        [prop('running', 30)],
        'c1',
      ),
    ).toMatchObject({ status: 'failed', message: 'Access was removed.' });
  });

  test('a connection with no property yet is not a job', () => {
    expect(pullSnapshot(conn, [], 'c1')).toBeNull();
  });
});
