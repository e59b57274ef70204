import { expect, test } from 'vitest';
import type { PropertyPullState } from '#shared/connections/connections-store';
import { makeHandler } from '../../../../lambdas/connections/handlers/ga-pull-schedule.handler';
import { propertyState, pullDeps } from '../pull-fakes';

const pull = propertyState().pull;

test('every hour: done properties get their re-pull, stalled backfills resume, running and revoked ones are left alone', async () => {
  const deps = pullDeps();
  const now = '2016-11-15T18:00:00.000Z';
  deps.clock.now = new Date(now);
  const states: Partial<PropertyPullState>[] = [
    { property_id: '1', pull: { ...pull, state: 'done' }, quota_at: now },
    { property_id: '2', pull: { ...pull, state: 'running' }, quota_at: '2016-11-15T17:50:00.000Z' },
    { property_id: '3', pull: { ...pull, state: 'running' }, quota_at: '2016-11-15T16:00:00.000Z' },
    { property_id: '4', pull: { ...pull, state: 'queued' }, quota_at: '' },
    {
      property_id: '5',
      pull: { ...pull, state: 'waiting_quota' },
      quota_at: '2016-11-15T16:00:00.000Z',
      retry_after: '2016-11-15T18:10:00.000Z',
    },
    { property_id: '6', pull: { ...pull, state: 'failed' }, quota_at: '2016-11-01T00:00:00.000Z' },
  ];
  for (const s of states) await deps.store.putPropertyState(propertyState(s));

  const result = await makeHandler(() => deps)({});

  expect(result).toEqual({ hourly: 1, resumed: 2, skipped: 3 });
  expect(deps.queue.sent.map((s) => [s.message.property_id, s.message.reason])).toEqual([
    ['1', 'hourly'],
    ['3', 'retry'],
    ['4', 'retry'],
  ]);
});
