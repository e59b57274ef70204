import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, test } from 'vitest';
import type { DeliveryMessage, Schedule } from '#shared/contracts/schedules.schema';
import { localTriggers } from '../../../lambdas/schedules/adapters/local-triggers';
import { type LocalSchedules, startLocalSchedules } from '../../../lib/local/schedules';
import { storedSchedule } from '../../lambdas/schedules/schedule-fakes';

// The local scheduler without a stack: a fake queue records what each occurrence sends.

const dirs: string[] = [];
const running: LocalSchedules[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// Mondays 08:00 New York = 13:00 UTC in November.
const weekly = (over: Partial<Schedule> = {}): Schedule => storedSchedule(over);

async function start(dir: string, stored: Schedule[], now = '2026-11-01T00:00:00.000Z') {
  const sent: DeliveryMessage[] = [];
  const client = {
    send: async (c: SendMessageCommand) => {
      sent.push(JSON.parse(c.input.MessageBody ?? '{}') as DeliveryMessage);
      return {};
    },
  } as unknown as SQSClient;
  const local = await startLocalSchedules({
    dir,
    store: { listAllSchedules: async () => stored },
    client,
    queue: { url: 'http://queue', arn: 'arn:queue' },
    log: () => {},
    now: () => new Date(now),
    consume: false,
  });
  running.push(local);
  return { local, sent };
}

const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'ao-local-schedules-'));
  dirs.push(d);
  return d;
};

describe('the local scheduler', () => {
  test('fireDue sends each occurrence once, with its instant, and nothing for a paused schedule', async () => {
    const { local, sent } = await start(tempDir(), [
      weekly(),
      weekly({ schedule_id: 's2', paused: true }),
    ]);

    const first = await local.fireDue('2026-11-17T00:00:00.000Z');
    const again = await local.fireDue('2026-11-17T00:00:00.000Z');

    expect([first, again]).toEqual([3, 0]);
    expect(sent).toEqual([
      { schedule_id: 's1', client_uid: 'client-a', occurrence_at: '2026-11-02T13:00:00.000Z' },
      { schedule_id: 's1', client_uid: 'client-a', occurrence_at: '2026-11-09T13:00:00.000Z' },
      { schedule_id: 's1', client_uid: 'client-a', occurrence_at: '2026-11-16T13:00:00.000Z' },
    ]);
    expect(local.armed()).toEqual(['s1']);
  });

  test('what was sent is remembered across a restart of the stack', async () => {
    const dir = tempDir();
    const before = await start(dir, [weekly()]);
    await before.local.fireDue('2026-11-17T00:00:00.000Z');
    await before.local.stop();

    const after = await start(dir, [weekly()]);
    const count = await after.local.fireDue('2026-11-24T00:00:00.000Z');

    expect(count).toBe(1);
    expect(after.sent.map((m) => m.occurrence_at)).toEqual(['2026-11-23T13:00:00.000Z']);
  });

  test('the routes re-arm it: a pause stops it, a resume counts from then, a delete forgets it', async () => {
    const { local, sent } = await start(tempDir(), [weekly()]);

    await localTriggers.put(weekly({ paused: true, updated_at: '2026-11-03T00:00:00.000Z' }));
    const whilePaused = await local.fireDue('2026-11-10T00:00:00.000Z');
    await localTriggers.put(weekly({ paused: false, updated_at: '2026-11-20T00:00:00.000Z' }));
    const afterResume = await local.fireDue('2026-11-24T00:00:00.000Z');
    await localTriggers.remove('s1');
    const afterDelete = await local.fireDue('2026-12-31T00:00:00.000Z');

    expect([whilePaused, afterResume, afterDelete]).toEqual([0, 1, 0]);
    // The Mondays of the pause (9 and 16 November) are not sent after the resume.
    expect(sent.map((m) => m.occurrence_at)).toEqual(['2026-11-23T13:00:00.000Z']);
    expect(local.armed()).toEqual([]);
  });

  test('a new schedule counts from its creation, not from the past', async () => {
    const { local, sent } = await start(tempDir(), []);

    await localTriggers.put(
      weekly({
        schedule_id: 'new',
        created_at: '2026-11-10T00:00:00.000Z',
        updated_at: '2026-11-10T00:00:00.000Z',
      }),
    );
    await local.fireDue('2026-11-17T00:00:00.000Z');

    expect(sent.map((m) => [m.schedule_id, m.occurrence_at])).toEqual([
      ['new', '2026-11-16T13:00:00.000Z'],
    ]);
  });

  test('after stop, the routes cannot silently lose a trigger', async () => {
    const { local } = await start(tempDir(), []);
    await local.stop();
    running.splice(0);

    await expect(localTriggers.put(weekly())).rejects.toThrow(/No schedule triggers/);
  });
});
