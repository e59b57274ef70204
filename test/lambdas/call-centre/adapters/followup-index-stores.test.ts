import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, test } from 'vitest';
import type { CallRecord, FollowupInfo } from '#shared/contracts/call-record';
import { DynamoCallRecordStore } from '../../../../lambdas/call-centre/adapters/dynamo-call-records';
import { MemoryCallRecordStore } from '../../../../lambdas/call-centre/adapters/memory-call-records';
import type { ActivityEntry, CallRecordStore } from '../../../../lambdas/call-centre/core/ports';
import { callFacts } from '../call-world';
import { FakeDocumentClient } from './fake-document-client';

const T0 = new Date('2024-06-01T00:00:00Z');
const JUNE = ['2024-06-01', '2024-06-30'] as const;

const followup = (day: string, time = ''): FollowupInfo => ({
  days_from_now_set: false,
  weeks_from_now_set: false,
  day,
  time,
  tz: 'America/Chicago',
});

const pending = (day: string, time = ''): Partial<CallRecord> => ({
  status: 'followup',
  followup_info: followup(day, time),
});

let seq = 0;
const entry = (
  activity: ActivityEntry['activity'] = 'set_followup',
  activity_id = `act-${String(++seq).padStart(6, '0')}`,
  agent_email = 'agent@analyticowl.test',
): ActivityEntry => ({
  activity_id,
  activity,
  agent_sub: 'agent-1',
  agent_email,
  at: '2024-06-05T15:00:00.000Z',
});

/** Saves `change` on record `id` as the use case would (next version, previous record). */
async function save(
  store: CallRecordStore,
  id: string,
  change: Partial<CallRecord>,
  e: ActivityEntry = entry(),
) {
  const record = (await store.get(id))!;
  const updated_at = new Date(Date.parse(record.updated_at) + 1000).toISOString();
  return store.saveActivity({ ...record, ...change, updated_at }, record, e);
}

const stores: Array<[string, () => CallRecordStore]> = [
  ['MemoryCallRecordStore', () => new MemoryCallRecordStore()],
  [
    'DynamoCallRecordStore',
    () => new DynamoCallRecordStore(new FakeDocumentClient().client, 'Calls'),
  ],
];

describe.each(stores)('%s follow-up index', (_name, makeStore) => {
  async function seeded(names = ['Acme Motors']) {
    const store = makeStore();
    const facts = names.map((name) =>
      callFacts({ id: name.toLowerCase().replaceAll(' ', '-'), name }),
    );
    await store.upsertFacts(facts, T0);
    return store;
  }

  test('a set follow-up is listed on its day with who set it', async () => {
    const store = await seeded();

    await save(store, 'acme-motors', pending('2024-06-10', '10:30'));

    expect(await store.followupsDue('2024-06-10', '2024-06-10')).toEqual([
      {
        id: 'acme-motors',
        name: 'Acme Motors',
        industry: 'Automotive',
        day: '2024-06-10',
        time: '10:30',
        tz: 'America/Chicago',
        agent_email: 'agent@analyticowl.test',
        status_text: 'Already Called - Followup',
      },
    ]);
  });

  test('setting it again on another day lists only the new day', async () => {
    const store = await seeded();
    await save(store, 'acme-motors', pending('2024-06-10', '10:30'));

    await save(store, 'acme-motors', pending('2024-06-12'));

    const due = await store.followupsDue(...JUNE);
    expect(due.map((f) => [f.day, f.time])).toEqual([['2024-06-12', '']]);
  });

  test('setting the same slot again names the agent who set it last, once', async () => {
    const store = await seeded();
    await save(store, 'acme-motors', pending('2024-06-10', '10:30'));

    await save(
      store,
      'acme-motors',
      pending('2024-06-10', '10:30'),
      entry('set_followup', undefined, 'second@analyticowl.test'),
    );

    const due = await store.followupsDue(...JUNE);
    expect(due.map((f) => f.agent_email)).toEqual(['second@analyticowl.test']);
  });

  test('other saves on a pending record keep the entry and who set it', async () => {
    const store = await seeded();
    await save(store, 'acme-motors', pending('2024-06-10'));

    await save(
      store,
      'acme-motors',
      { notes: 'call after lunch' },
      entry('notes', undefined, 'x@y.test'),
    );
    await save(store, 'acme-motors', { calls: 1 }, entry('end_call', undefined, 'x@y.test'));

    const due = await store.followupsDue(...JUNE);
    expect(due.map((f) => [f.day, f.agent_email])).toEqual([
      ['2024-06-10', 'agent@analyticowl.test'],
    ]);
  });

  test.each<[string, ActivityEntry['activity'], Partial<CallRecord>]>([
    ['a sign-up', 'signup', { status: 'called', status_code: 'signup' }],
    ['not interested', 'not_interested', { status: 'declined_offer', not_interested: true }],
    ['do not call', 'do_not_call', { do_not_call: true }],
  ])('%s takes the follow-up off the list', async (_what, activity, change) => {
    const store = await seeded();
    await save(store, 'acme-motors', pending('2024-06-10'));

    await save(store, 'acme-motors', change, entry(activity));

    expect(await store.followupsDue(...JUNE)).toEqual([]);
  });

  test('a retried activity is a duplicate and lists nothing twice', async () => {
    const store = await seeded();
    const retried = entry('set_followup', 'retry-000001');
    const record = (await store.get('acme-motors'))!;
    const next = { ...record, ...pending('2024-06-10'), updated_at: '2024-06-05T15:00:00.000Z' };

    const first = await store.saveActivity(next, record, retried);
    const again = await store.saveActivity(next, next, retried);

    expect([first, again]).toEqual(['saved', 'duplicate']);
    expect(await store.followupsDue(...JUNE)).toHaveLength(1);
  });

  test('a conflicting save leaves the index as it was', async () => {
    const store = await seeded();
    const record = (await store.get('acme-motors'))!;
    await save(store, 'acme-motors', pending('2024-06-10'));

    const stale = await store.saveActivity(
      { ...record, ...pending('2024-06-20'), updated_at: '2024-06-09T00:00:00.000Z' },
      record,
      entry(),
    );

    expect(stale).toBe('conflict');
    expect((await store.followupsDue(...JUNE)).map((f) => f.day)).toEqual(['2024-06-10']);
  });

  test('lists by day, then time (untimed last), then name', async () => {
    const store = await seeded(['Zed Cars', 'Best Tires', 'Acme Motors', 'Coast Homes']);
    await save(store, 'zed-cars', pending('2024-06-10', '09:00'));
    await save(store, 'best-tires', pending('2024-06-10'));
    await save(store, 'acme-motors', pending('2024-06-10'));
    await save(store, 'coast-homes', pending('2024-06-09', '16:00'));

    const due = await store.followupsDue(...JUNE);

    expect(due.map((f) => f.name)).toEqual([
      'Coast Homes',
      'Zed Cars',
      'Acme Motors',
      'Best Tires',
    ]);
  });

  test('answers only the days asked for, both ends included', async () => {
    const store = await seeded(['Acme Motors', 'Best Tires', 'Coast Homes']);
    await save(store, 'acme-motors', pending('2024-06-09'));
    await save(store, 'best-tires', pending('2024-06-10'));
    await save(store, 'coast-homes', pending('2024-06-12'));

    const due = await store.followupsDue('2024-06-10', '2024-06-12');

    expect(due.map((f) => f.day)).toEqual(['2024-06-10', '2024-06-12']);
    expect(await store.followupsDue('2024-06-12', '2024-06-10')).toEqual([]);
  });

  test('reads at most 62 days and refuses a longer range', async () => {
    const store = await seeded();
    await save(store, 'acme-motors', pending('2024-08-01'));

    const due = await store.followupsDue('2024-06-01', '2024-08-01');

    expect(due.map((f) => f.day)).toEqual(['2024-08-01']);
    await expect(store.followupsDue('2024-06-01', '2024-08-02')).rejects.toThrow(RangeError);
  });

  test('a list refresh renames the entry and keeps it pending', async () => {
    const store = await seeded();
    await save(store, 'acme-motors', pending('2024-06-10'));

    await store.upsertFacts(
      [callFacts({ name: 'Apex Motors', industry: 'Auto Dealers' })],
      new Date('2024-06-06T00:00:00Z'),
    );

    expect(await store.followupsDue(...JUNE)).toMatchObject([
      { id: 'acme-motors', name: 'Apex Motors', industry: 'Auto Dealers', day: '2024-06-10' },
    ]);
  });
});

describe('DynamoCallRecordStore follow-up items', () => {
  async function dynamo() {
    const db = new FakeDocumentClient();
    const store = new DynamoCallRecordStore(db.client, 'Calls');
    await store.upsertFacts([callFacts()], T0);
    return { db, store };
  }

  test('moves the item in the save transaction: delete the old day, put the new', async () => {
    const { db, store } = await dynamo();
    await save(store, 'acme-motors', pending('2024-06-10', '10:30'));
    db.commands.length = 0;

    await save(store, 'acme-motors', pending('2024-06-12'));

    const tx = db.commands.find((c) => c instanceof TransactWriteCommand) as TransactWriteCommand;
    const ops = tx.input.TransactItems ?? [];
    expect(ops.filter((op) => op.Delete).map((op) => op.Delete?.Key)).toEqual([
      { pk: 'FOLLOWUP#2024-06-10', sk: '10:30#acme-motors' },
    ]);
    expect(db.items.get('FOLLOWUP#2024-06-12|99:99#acme-motors')).toMatchObject({
      kind: 'call_followup',
      id: 'acme-motors',
      agent_email: 'agent@analyticowl.test',
    });
    expect([...db.items.keys()].filter((k) => k.startsWith('FOLLOWUP#'))).toHaveLength(1);
  });

  test('reads every Query page of a day', async () => {
    const { db, store } = await dynamo();
    await store.upsertFacts([callFacts({ id: 'zed', name: 'Zed Cars' })], T0);
    await save(store, 'acme-motors', pending('2024-06-10'));
    await save(store, 'zed', pending('2024-06-10'));
    db.pageSize = 1;

    const due = await store.followupsDue('2024-06-10', '2024-06-10');

    expect(due.map((f) => f.id)).toEqual(['acme-motors', 'zed']);
  });
});
