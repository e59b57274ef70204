import { describe, expect, test } from 'vitest';
import type {
  ConnectionRecord,
  ConnectionsStore,
  PropertyPullState,
} from '#shared/connections/connections-store';
import { DynamoConnectionsStore } from '#shared/connections/dynamo-connections-store';
import { MemoryConnectionsStore } from '#shared/connections/memory-connections-store';
import { Conflict } from '#shared/errors';
import {
  connection as connectionRecord,
  propertyState,
} from '../../../lambdas/connections/pull-fakes';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

// One behaviour suite on the in-memory store (what the use-case tests use) and on the DynamoDB
// store against DynamoDB Local, so the fake cannot drift from the real thing.
const TABLE = 'companies';
const local = dynamoLocalForFile({
  name: 'connections',
  companiesTable: TABLE,
  removeUndefinedValues: true,
});

const kinds: [string, () => ConnectionsStore][] = [
  ['memory', () => new MemoryConnectionsStore()],
  ['DynamoDB Local', () => new DynamoConnectionsStore(local.doc, TABLE)],
];

let n = 0;
/** A client uid no other test uses (the DynamoDB table is shared by the file). */
const freshClient = () => `client-${++n}`;

/** Connection `id` of `client` (the pull tests' fixture). */
const connection = (client: string, id: string, over: Partial<ConnectionRecord> = {}) =>
  connectionRecord({ client_uid: client, connection_id: id, ...over });

/** Property `id` of `client`, pulled through conn-1 (the pull tests' fixture). */
const property = (client: string, id: string, over: Partial<PropertyPullState> = {}) =>
  propertyState({ client_uid: client, property_id: id, connection_id: 'conn-1', ...over });

describe.each(kinds)('connections store (%s)', (_kind, make) => {
  test('keeps a client’s connections apart from another client’s', async () => {
    const store = make();
    const [a, b] = [freshClient(), freshClient()];
    await store.putConnection(connection(a, 'c1'));
    await store.putConnection(connection(b, 'c2'));

    expect((await store.listConnections(a)).map((c) => c.connection_id)).toEqual(['c1']);
    expect(await store.getConnection(a, 'c2')).toBeNull();
    expect(await store.getConnection(b, 'c2')).toEqual(connection(b, 'c2'));
  });

  test('a connection write with a stale version is refused and changes nothing', async () => {
    const store = make();
    const client = freshClient();
    await store.putConnection(connection(client, 'c1'));
    await store.putConnection(connection(client, 'c1', { status: 'invalid', version: 2 }));

    const stale = store.putConnection(connection(client, 'c1', { ga_email: 'x@y', version: 2 }));

    await expect(stale).rejects.toBeInstanceOf(Conflict);
    expect(await store.getConnection(client, 'c1')).toMatchObject({
      status: 'invalid',
      version: 2,
    });
  });

  test('creating a connection that exists already is refused', async () => {
    const store = make();
    const client = freshClient();
    await store.putConnection(connection(client, 'c1'));

    await expect(store.putConnection(connection(client, 'c1'))).rejects.toBeInstanceOf(Conflict);
  });

  test('a removed connection is gone', async () => {
    const store = make();
    const client = freshClient();
    await store.putConnection(connection(client, 'c1'));

    await store.deleteConnection(client, 'c1');

    expect(await store.listConnections(client)).toEqual([]);
  });

  test('pull states are listed per client and indexed for the hourly walk', async () => {
    const store = make();
    const [a, b] = [freshClient(), freshClient()];
    await store.putPropertyState(property(a, '1001'));
    await store.putPropertyState(property(a, '1002'));
    await store.putPropertyState(property(b, '2001'));

    expect((await store.listPropertyStates(a)).map((p) => p.property_id)).toEqual(['1001', '1002']);
    const pulled = await store.listPulledProperties();
    expect(pulled).toEqual(
      expect.arrayContaining([
        { client_uid: a, property_id: '1001' },
        { client_uid: a, property_id: '1002' },
        { client_uid: b, property_id: '2001' },
      ]),
    );
  });

  test('two writers of the same pull state version: the second is refused', async () => {
    const store = make();
    const client = freshClient();
    await store.putPropertyState(property(client, '1001'));
    const next = property(client, '1001', {
      version: 2,
      pull: { ...property(client, '1001').pull, progress: 10 },
    });

    await store.putPropertyState(next);
    const late = store.putPropertyState({ ...next, resolution: 'hour' });

    await expect(late).rejects.toBeInstanceOf(Conflict);
    expect(await store.getPropertyState(client, '1001')).toMatchObject({
      resolution: 'minute',
      version: 2,
    });
  });

  test('a removed pull state leaves the hourly walk too', async () => {
    const store = make();
    const client = freshClient();
    await store.putPropertyState(property(client, '1001'));

    await store.deletePropertyState(client, '1001');

    expect(await store.getPropertyState(client, '1001')).toBeNull();
    expect(await store.listPulledProperties()).not.toContainEqual({
      client_uid: client,
      property_id: '1001',
    });
  });
});
