import { describe, expect, test } from 'vitest';
import type {
  ConnectionRequestRecord,
  ConnectionRequestsStore,
} from '#shared/connections/connection-requests';
import { DynamoConnectionRequests } from '#shared/connections/dynamo-connection-requests';
import { MemoryConnectionRequests } from '#shared/connections/memory-connection-requests';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

// One behaviour suite on the in-memory store and on DynamoDB Local.
const TABLE = 'companies';
const local = dynamoLocalForFile({ name: 'garequests', companiesTable: TABLE });

const kinds: [string, () => ConnectionRequestsStore][] = [
  ['memory', () => new MemoryConnectionRequests()],
  ['DynamoDB Local', () => new DynamoConnectionRequests(local.doc, TABLE)],
];

let n = 0;
const freshClient = () => `client-${++n}`;
const NOW = new Date('2026-03-01T12:00:00.000Z');

function request(client: string, id: string, over: Partial<ConnectionRequestRecord> = {}) {
  const r: ConnectionRequestRecord = {
    client_uid: client,
    request_id: id,
    token_hash: 'a'.repeat(64),
    email: '',
    created_by: 'u1',
    created_at: '2026-03-01T00:00:00.000Z',
    expires_at: '2026-03-08T00:00:00.000Z',
    status: 'open',
    closed_at: null,
    ...over,
  };
  return r;
}

describe.each(kinds)('connection requests (%s)', (_kind, make) => {
  test('lists a client’s requests newest first, and no other client’s', async () => {
    const store = make();
    const [a, b] = [freshClient(), freshClient()];
    await store.put(request(a, 'r1'));
    await store.put(request(a, 'r2', { created_at: '2026-03-01T01:00:00.000Z' }));
    await store.put(request(b, 'r3'));

    expect((await store.list(a)).map((r) => r.request_id)).toEqual(['r2', 'r1']);
  });

  test('a request is used once: racing uses, exactly one wins', async () => {
    const store = make();
    const client = freshClient();
    await store.put(request(client, 'r1'));

    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(() => store.close(client, 'r1', 'used', NOW)),
    );

    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await store.list(client))[0]).toMatchObject({
      status: 'used',
      closed_at: NOW.toISOString(),
    });
  });

  test('an expired, cancelled or unknown request cannot be closed', async () => {
    const store = make();
    const client = freshClient();
    await store.put(request(client, 'old', { expires_at: '2026-03-01T11:59:59.000Z' }));
    await store.put(request(client, 'gone'));
    await store.close(client, 'gone', 'cancelled', NOW);

    expect(await store.close(client, 'old', 'used', NOW)).toBe(false);
    expect(await store.close(client, 'gone', 'used', NOW)).toBe(false);
    expect(await store.close(client, 'nope', 'cancelled', NOW)).toBe(false);
    expect((await store.list(client)).map((r) => r.status).sort()).toEqual(['cancelled', 'open']);
  });
});
