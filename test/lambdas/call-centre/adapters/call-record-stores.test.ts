import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, test } from 'vitest';
import { DynamoCallRecordStore } from '../../../../lambdas/call-centre/adapters/dynamo-call-records';
import { MemoryCallRecordStore } from '../../../../lambdas/call-centre/adapters/memory-call-records';
import type { ActivityEntry, CallRecordStore } from '../../../../lambdas/call-centre/core/ports';
import { callFacts } from '../call-world';
import { FakeDocumentClient } from './fake-document-client';

const T0 = new Date('2024-06-01T00:00:00Z');
const T1 = new Date('2024-06-02T00:00:00Z');

const entry = (
  activity_id: string,
  activity: ActivityEntry['activity'] = 'notes',
): ActivityEntry => ({
  activity_id,
  activity,
  agent_sub: 'agent-1',
  agent_email: 'agent@analyticowl.test',
  at: '2024-06-05T15:00:00.000Z',
});

const stores: Array<[string, () => CallRecordStore]> = [
  ['MemoryCallRecordStore', () => new MemoryCallRecordStore()],
  [
    'DynamoCallRecordStore',
    () => new DynamoCallRecordStore(new FakeDocumentClient().client, 'Calls'),
  ],
];

describe.each(stores)('%s', (_name, makeStore) => {
  async function seeded() {
    const store = makeStore();
    await store.upsertFacts(
      [callFacts(), callFacts({ id: 'zed', uid: 'zed', name: 'Zed Furniture' })],
      T0,
    );
    return store;
  }

  test('creates new records from facts with empty agent fields', async () => {
    const store = makeStore();

    const counts = await store.upsertFacts([callFacts()], T0);

    expect(counts).toEqual({ created: 1, updated: 0 });
    expect(await store.get('acme-motors')).toMatchObject({
      name: 'Acme Motors',
      status: 'new',
      status_code: '',
      notes: '',
      do_not_call: false,
      followup_info: null,
      calls: 0,
      advertiser_info: { email: '', more_info_sent: false },
      updated_at: T0.toISOString(),
    });
  });

  test('a refresh replaces facts and keeps what agents entered', async () => {
    const store = await seeded();
    const record = (await store.get('acme-motors'))!;
    await store.saveActivity(
      { ...record, notes: 'hot lead', updated_at: '2024-06-01T00:00:01.000Z' },
      record,
      entry('a-0001'),
    );

    const counts = await store.upsertFacts([callFacts({ airings: 99 })], T1);

    expect(counts).toEqual({ created: 0, updated: 1 });
    expect(await store.get('acme-motors')).toMatchObject({
      airings: 99,
      notes: 'hot lead',
      updated_at: T1.toISOString(),
    });
  });

  test('answers null for an unknown id', async () => {
    const store = await seeded();

    expect(await store.get('nobody')).toBeNull();
  });

  test('saves conditionally on updated_at and once per activity id', async () => {
    const store = await seeded();
    const record = (await store.get('acme-motors'))!;
    const next = { ...record, notes: 'one', updated_at: '2024-06-05T15:00:00.000Z' };

    const first = await store.saveActivity(next, record, entry('a-0001'));
    const stale = await store.saveActivity({ ...next, notes: 'two' }, record, entry('a-0002'));
    const again = await store.saveActivity(next, next, entry('a-0001'));

    expect([first, stale, again]).toEqual(['saved', 'conflict', 'duplicate']);
    expect((await store.get('acme-motors'))?.notes).toBe('one');
    expect(await store.hasActivity('acme-motors', 'a-0001')).toBe(true);
    expect(await store.hasActivity('acme-motors', 'a-0002')).toBe(false);
    expect(await store.hasActivity('zed', 'a-0001')).toBe(false);
  });

  test('searches word prefixes and keeps the status text in step with saves', async () => {
    const store = await seeded();
    const record = (await store.get('zed'))!;
    await store.saveActivity(
      { ...record, status: 'declined_offer', updated_at: '2024-06-05T15:00:00.000Z' },
      record,
      entry('a-0003', 'not_interested'),
    );

    const hits = await store.search('FURN z', 10);

    expect(hits).toEqual([
      { id: 'zed', name: 'Zed Furniture', industry: 'Automotive', status_text: 'Declined Offer' },
    ]);
    expect(await store.search('acme', 10)).toHaveLength(1);
    expect(await store.search('otors', 10)).toEqual([]);
  });

  test('finds a renamed advertiser by its new name only', async () => {
    const store = await seeded();

    await store.upsertFacts([callFacts({ name: 'Apex Motors' })], T1);

    expect((await store.search('apex', 10)).map((h) => h.id)).toEqual(['acme-motors']);
    expect(await store.search('acme', 10)).toEqual([]);
  });

  test('is idempotent: the same refresh twice creates nothing new', async () => {
    const store = await seeded();

    const counts = await store.upsertFacts([callFacts()], T1);

    expect(counts).toEqual({ created: 0, updated: 1 });
    expect(await store.search('acme', 10)).toHaveLength(1);
  });
});

describe('DynamoCallRecordStore item layout', () => {
  test('saves the record and its history entry in one conditional transaction', async () => {
    const db = new FakeDocumentClient();
    const store = new DynamoCallRecordStore(db.client, 'Calls');
    await store.upsertFacts([callFacts()], T0);
    const record = (await store.get('acme-motors'))!;

    await store.saveActivity(
      { ...record, updated_at: '2024-06-05T15:00:00.000Z' },
      record,
      entry('a-0001'),
    );

    const tx = db.commands.find((c) => c instanceof TransactWriteCommand) as TransactWriteCommand;
    expect(
      tx.input.TransactItems?.map((op) => [
        op.Put?.Item?.pk,
        op.Put?.Item?.sk,
        op.Put?.ConditionExpression,
      ]),
    ).toEqual([
      ['CALL#acme-motors', 'RECORD', 'updated_at = :expected'],
      ['CALL#acme-motors', 'ACT#a-0001', 'attribute_not_exists(pk)'],
    ]);
    expect(db.items.get('NAME#m|motors#acme-motors')).toMatchObject({
      status_text: 'New Call',
      airings: 30,
    });
  });

  test('reads every Query page of a search', async () => {
    const db = new FakeDocumentClient();
    db.pageSize = 1;
    const store = new DynamoCallRecordStore(db.client, 'Calls');
    await store.upsertFacts(
      ['Acme A', 'Acme B', 'Acme C'].map((name, i) => callFacts({ id: `r${i}`, name, airings: i })),
      T0,
    );

    const hits = await store.search('acme', 10);

    expect(hits.map((h) => h.id)).toEqual(['r2', 'r1', 'r0']);
  });
});
