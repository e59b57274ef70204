import { describe, expect, test } from 'vitest';
import type { Delivery, Schedule } from '#shared/contracts/schedules.schema';
import { DynamoSchedules } from '../../../../lambdas/schedules/adapters/dynamo-schedules';
import { MemorySchedules } from '../../../../lambdas/schedules/adapters/memory-schedules';
import type { DeliveriesStore, SchedulesStore } from '../../../../lambdas/schedules/core/ports';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

const TABLE = 'companies';
const local = dynamoLocalForFile({ name: 'schedule-stores', companiesTable: TABLE });

type Store = SchedulesStore & DeliveriesStore;

function schedule(id: string, client = 'client-a', over: Partial<Schedule> = {}): Schedule {
  return {
    schedule_id: id,
    client_uid: client,
    what: { kind: 'report' },
    cadence: { every: 'weekly', weekday: 1 },
    local_time: '08:00',
    time_zone: 'America/New_York',
    range: 'last_week',
    recipients: ['boss@acme.example', 'cfo@acme.example'],
    format: { pdf: true, csv: false },
    paused: false,
    owner_user_id: 'alice',
    owner_email: 'alice@example.com',
    created_at: `2026-11-0${id.slice(-1)}T00:00:00.000Z`,
    updated_at: `2026-11-0${id.slice(-1)}T00:00:00.000Z`,
    next_run_at: null,
    ...over,
  };
}

function delivery(id: string, period: string, over: Partial<Delivery> = {}): Delivery {
  return {
    schedule_id: id,
    period_key: period,
    status: 'sending',
    attempts: 1,
    recipients: ['boss@acme.example'],
    attached: false,
    ...over,
  };
}

// The same behaviour from the DynamoDB adapter and its in-memory twin the unit tests use.
describe.each([
  ['DynamoDB Local', () => new DynamoSchedules(local.doc, TABLE) as Store],
  ['memory', () => new MemorySchedules() as Store],
])('schedule store on %s', (where, make) => {
  const client = (name: string) => `${where.replace(/\W/g, '')}-${name}`;

  test('a period is claimed once: a second claim finds the first delivery', async () => {
    const store = make();
    const c = client('claims');

    const first = await store.claimDelivery(c, delivery('s1', '2026-11-16..2026-11-22'));
    const second = await store.claimDelivery(
      c,
      delivery('s1', '2026-11-16..2026-11-22', { attempts: 9 }),
    );

    expect(first).toEqual({ claimed: true });
    expect(second).toEqual({
      claimed: false,
      existing: delivery('s1', '2026-11-16..2026-11-22'),
    });
  });

  test('a save that expects a status and attempt count writes only over exactly that', async () => {
    const store = make();
    const c = client('expect');
    const period = '2026-11-16..2026-11-22';
    await store.claimDelivery(c, delivery('s1', period, { status: 'retrying' }));

    const won = await store.saveDelivery(c, delivery('s1', period, { attempts: 2 }), {
      status: 'retrying',
      attempts: 1,
    });
    const lost = await store.saveDelivery(c, delivery('s1', period, { attempts: 2 }), {
      status: 'retrying',
      attempts: 1,
    });

    expect([won, lost]).toEqual([true, false]);
    expect((await store.getDelivery(c, 's1', period))?.status).toBe('sending');
  });

  test('schedules list oldest first per client; deleting one removes its history only', async () => {
    const store = make();
    const c = client('list');
    await store.putSchedule(schedule('s2', c));
    await store.putSchedule(schedule('s1', c));
    // An id that starts with the other's: its history must survive the delete.
    await store.putSchedule(schedule('s10', c, { created_at: '2026-11-09T00:00:00.000Z' }));
    await store.claimDelivery(c, delivery('s1', '2026-11-02..2026-11-08'));
    await store.claimDelivery(c, delivery('s10', '2026-11-02..2026-11-08'));

    const before = await store.listSchedules(c);
    const removed = await store.deleteSchedule(c, 's1');
    const again = await store.deleteSchedule(c, 's1');

    expect(before.map((s) => s.schedule_id)).toEqual(['s1', 's2', 's10']);
    expect([removed, again]).toEqual([true, false]);
    expect((await store.listSchedules(c)).map((s) => s.schedule_id)).toEqual(['s2', 's10']);
    expect(await store.listDeliveries(c, 's1')).toEqual([]);
    expect(await store.listDeliveries(c, 's10')).toHaveLength(1);
    expect(await store.listSchedules(client('nobody'))).toEqual([]);
  });

  test("deliveries list newest period first and never another schedule's", async () => {
    const store = make();
    const c = client('history');
    await store.putSchedule(schedule('s1', c));
    for (const p of ['2026-11-02..2026-11-08', '2026-11-16..2026-11-22', '2026-11-09..2026-11-15'])
      await store.claimDelivery(c, delivery('s1', p));
    await store.claimDelivery(c, delivery('s2', '2026-11-23..2026-11-29'));

    const list = await store.listDeliveries(c, 's1');

    expect(list.map((d) => d.period_key)).toEqual([
      '2026-11-16..2026-11-22',
      '2026-11-09..2026-11-15',
      '2026-11-02..2026-11-08',
    ]);
  });

  test('removing a recipient keeps the others; the last one pauses the schedule', async () => {
    const store = make();
    const c = client('unsubscribe');
    await store.putSchedule(schedule('s1', c));

    const first = await store.removeRecipient(c, 's1', 'cfo@acme.example', '2026-11-24T00:00:00Z');
    const absent = await store.removeRecipient(c, 's1', 'cfo@acme.example', '2026-11-24T00:01:00Z');
    const last = await store.removeRecipient(c, 's1', 'boss@acme.example', '2026-11-24T00:02:00Z');
    const gone = await store.removeRecipient(
      c,
      'nope',
      'boss@acme.example',
      '2026-11-24T00:03:00Z',
    );

    expect([first, absent, last, gone]).toEqual(['removed', 'absent', 'removed', 'gone']);
    expect(await store.getSchedule(c, 's1')).toMatchObject({
      recipients: [],
      paused: true,
      updated_at: '2026-11-24T00:02:00Z',
    });
  });

  test("every client's schedules are found at start, and deliveries are not mistaken for them", async () => {
    const store = make();
    await store.putSchedule(schedule('s1', client('all-a')));
    await store.putSchedule(schedule('s2', client('all-b'), { paused: true }));
    await store.claimDelivery(client('all-a'), delivery('s1', '2026-11-02..2026-11-08'));

    const all = (await store.listAllSchedules()).filter((s) => s.client_uid.includes('all-'));

    expect(all.map((s) => [s.client_uid, s.schedule_id, s.paused])).toEqual([
      [client('all-a'), 's1', false],
      [client('all-b'), 's2', true],
    ]);
  });
});
