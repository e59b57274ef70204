import { describe, expect, test } from 'vitest';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { ValidationError } from '#shared/errors';
import { authorizedRefreshToken } from '../../../../lambdas/connections/core/connection-grant';
import { createProperties } from '../../../../lambdas/connections/core/create-properties';
import { connectionStart, listProperties } from '../../../../lambdas/connections/core/oauth-flow';
import { connectionsWorld, gaProperty, signedIn } from '../connection-fakes';

const gone = { code: 'request_gone', status: 410, message: CONNECTION_MESSAGES.requestGone };

async function listed(w: Awaited<ReturnType<typeof connectionsWorld>>, opts = {}) {
  const s = await signedIn(w, opts);
  await listProperties(w.deps, { code: s.code, state: s.state });
  return s;
}

describe('create_properties', () => {
  test('connects the ticked properties, seals the grant for the connection and queues their backfill', async () => {
    const w = await connectionsWorld();
    const s = await listed(w);

    const out = await createProperties(w.deps, {
      code: s.code,
      gaids: ['1001'],
      client_id: 'client-a',
    });

    expect(out).toMatchObject({
      client_id: 'client-a',
      client_name: 'Acme Mattress',
      property_ids: ['1001'],
    });
    const conn = await w.connections.getConnection('client-a', out.connection_id);
    expect(conn).toMatchObject({
      source: 'oauth',
      ga_email: 'ann@acme.com',
      status: 'active',
      created_by: 'alice',
    });
    expect(conn?.sealed_refresh_token).not.toContain('rt-ann');
    expect(await authorizedRefreshToken(w.deps, conn!)).toBe('rt-ann@acme.com');
    const states = await w.connections.listPropertyStates('client-a');
    expect(states.map((p) => [p.property_id, p.connection_id, p.pull.state])).toEqual([
      ['1001', out.connection_id, 'queued'],
    ]);
    expect(w.queued).toEqual([{ client_uid: 'client-a', property_id: '1001', reason: 'backfill' }]);
    expect((await w.companies.getClient('client-a'))?.connection_status).toBe('connected');
    expect((await w.requests.list('client-a'))[0]?.status).toBe('used');
    expect(w.sessions.grants.size).toBe(0);
  });

  test('a token sealed for the connection does not open for another client', async () => {
    const w = await connectionsWorld();
    const s = await listed(w);
    const out = await createProperties(w.deps, {
      code: s.code,
      gaids: ['1001'],
      client_id: 'client-a',
    });
    const conn = await w.connections.getConnection('client-a', out.connection_id);

    await expect(
      authorizedRefreshToken(w.deps, { ...conn!, client_uid: 'client-b' }),
    ).rejects.toThrow();
  });

  test('the streams’ hosts become the client’s proven websites', async () => {
    const w = await connectionsWorld();
    const s = await listed(w, {
      cid: 'client-b',
      email: 'bo@bolt.test',
      properties: [gaProperty('2001', 'https://www.Bolt.test/')],
    });

    await createProperties(w.deps, { code: s.code, gaids: ['2001'], client_id: 'client-b' });

    expect((await w.companies.getClient('client-b'))?.ga_websites).toEqual(['bolt.test']);
  });

  test('the same code again answers "link gone": a link connects once', async () => {
    const w = await connectionsWorld();
    const s = await listed(w);
    await createProperties(w.deps, { code: s.code, gaids: ['1001'], client_id: 'client-a' });

    await expect(
      createProperties(w.deps, { code: s.code, gaids: ['1002'], client_id: 'client-a' }),
    ).rejects.toMatchObject(gone);
    await expect(connectionStart(w.deps, { xrg: s.xrg, cid: 'client-a' })).rejects.toMatchObject(
      gone,
    );
    expect(await w.connections.listConnections('client-a')).toHaveLength(1);
  });

  test('racing calls with one code connect once', async () => {
    const w = await connectionsWorld();
    const s = await listed(w);

    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() =>
        createProperties(w.deps, { code: s.code, gaids: ['1001'], client_id: 'client-a' }),
      ),
    );

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await w.connections.listConnections('client-a')).toHaveLength(1);
  });

  test('a property the grant did not list is refused, naming gaids, and nothing changes', async () => {
    const w = await connectionsWorld();
    const s = await listed(w);

    const attempt = createProperties(w.deps, {
      code: s.code,
      gaids: ['1001', '6666'],
      client_id: 'client-a',
    });

    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toMatchObject({ field: 'gaids' });
    expect(await w.connections.listConnections('client-a')).toEqual([]);
    expect(await w.connections.listPropertyStates('client-a')).toEqual([]);
    expect((await w.requests.list('client-a'))[0]?.status).toBe('open');
    expect(w.queued).toEqual([]);
  });

  test('a code listed for one client cannot connect another', async () => {
    const w = await connectionsWorld();
    const s = await listed(w);

    await expect(
      createProperties(w.deps, { code: s.code, gaids: ['1001'], client_id: 'client-b' }),
    ).rejects.toMatchObject(gone);
    expect(await w.connections.listConnections('client-b')).toEqual([]);
  });

  test('a code that was never listed answers "link gone"', async () => {
    const w = await connectionsWorld();

    await expect(
      createProperties(w.deps, { code: 'made-up', gaids: ['1001'], client_id: 'client-a' }),
    ).rejects.toMatchObject(gone);
  });

  test('a grant older than 30 minutes answers "link gone"', async () => {
    const w = await connectionsWorld();
    const s = await listed(w);
    w.advance(30 * 60);

    await expect(
      createProperties(w.deps, { code: s.code, gaids: ['1001'], client_id: 'client-a' }),
    ).rejects.toMatchObject(gone);
  });

  test('reconnecting a property after a lost grant moves it to the new connection, keeping its progress', async () => {
    const w = await connectionsWorld();
    const first = await listed(w);
    const old = await createProperties(w.deps, {
      code: first.code,
      gaids: ['1001'],
      client_id: 'client-a',
    });
    const state = await w.connections.getPropertyState('client-a', '1001');
    await w.connections.putPropertyState({
      ...state!,
      pull: { ...state!.pull, done_through: '2025-06-30' },
      version: 2,
    });
    const conn = await w.connections.getConnection('client-a', old.connection_id);
    await w.connections.putConnection({ ...conn!, status: 'invalid', version: 2 });
    const second = await listed(w, { email: 'ann2@acme.com' });

    const out = await createProperties(w.deps, {
      code: second.code,
      gaids: ['1001'],
      client_id: 'client-a',
    });

    const moved = await w.connections.getPropertyState('client-a', '1001');
    expect(moved).toMatchObject({
      connection_id: out.connection_id,
      pull: { done_through: '2025-06-30' },
    });
    expect((await w.connections.listConnections('client-a')).map((c) => c.connection_id)).toEqual([
      out.connection_id,
    ]);
    expect((await w.companies.getClient('client-a'))?.connection_status).toBe('connected');
  });
});
