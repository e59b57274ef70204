import { describe, expect, test } from 'vitest';
import { Forbidden, NotFound } from '#shared/errors';
import { createProperties } from '../../../../lambdas/connections/core/create-properties';
import { listProperties } from '../../../../lambdas/connections/core/oauth-flow';
import { removeConnection } from '../../../../lambdas/connections/core/remove-connection';
import { caller, connectionsWorld, signedIn } from '../connection-fakes';

async function connected(w: Awaited<ReturnType<typeof connectionsWorld>>) {
  const s = await signedIn(w);
  await listProperties(w.deps, { code: s.code, state: s.state });
  return createProperties(w.deps, { code: s.code, gaids: ['1001', '1002'], client_id: 'client-a' });
}

describe('connection_remove', () => {
  test('revokes the grant at Google, stops pulling its properties and updates the status', async () => {
    const w = await connectionsWorld();
    const conn = await connected(w);

    const out = await removeConnection(w.deps, caller('alice'), {
      cid: 'client-a',
      connection_id: conn.connection_id,
    });

    expect(out).toEqual({
      connection_id: conn.connection_id,
      removed_properties: ['1001', '1002'],
      revoked: true,
    });
    expect(w.google.revoked).toEqual(['rt-ann@acme.com']);
    expect(await w.connections.listConnections('client-a')).toEqual([]);
    expect(await w.connections.listPulledProperties()).toEqual([]);
    expect((await w.companies.getClient('client-a'))?.connection_status).toBe('not_connected');
  });

  test('Google failing to revoke does not keep the connection', async () => {
    const w = await connectionsWorld();
    const conn = await connected(w);
    w.google.revoke = async () => {
      throw new Error('unreachable');
    };

    const out = await removeConnection(w.deps, caller('alice'), {
      cid: 'client-a',
      connection_id: conn.connection_id,
    });

    expect(out.revoked).toBe(false);
    expect(await w.connections.listConnections('client-a')).toEqual([]);
  });

  test('another customer answers 404, a view-only caller 403, an unknown connection 404; nothing changes', async () => {
    const w = await connectionsWorld();
    const conn = await connected(w);

    await expect(
      removeConnection(w.deps, caller('bob'), {
        cid: 'client-a',
        connection_id: conn.connection_id,
      }),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(
      removeConnection(w.deps, caller('alice'), {
        cid: 'demo-1',
        connection_id: conn.connection_id,
      }),
    ).rejects.toBeInstanceOf(Forbidden);
    await expect(
      removeConnection(w.deps, caller('alice'), { cid: 'client-a', connection_id: 'nope' }),
    ).rejects.toBeInstanceOf(NotFound);
    expect(await w.connections.listConnections('client-a')).toHaveLength(1);
    expect(w.google.revoked).toEqual([]);
  });
});
