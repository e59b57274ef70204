import { describe, expect, test } from 'vitest';
import { Conflict, Forbidden, NotFound, ValidationError } from '#shared/errors';
import {
  connectProperty,
  VIEWER_CONNECTION_ID,
} from '../../../../lambdas/connections/core/connect-property';
import { createProperties } from '../../../../lambdas/connections/core/create-properties';
import { getConnections } from '../../../../lambdas/connections/core/get-connections';
import { listProperties } from '../../../../lambdas/connections/core/oauth-flow';
import { caller, connectionsWorld, gaProperty, signedIn } from '../connection-fakes';

type World = Awaited<ReturnType<typeof connectionsWorld>>;

async function connected(w: World) {
  const s = await signedIn(w);
  await listProperties(w.deps, { code: s.code, state: s.state });
  return createProperties(w.deps, { code: s.code, gaids: ['1001'], client_id: 'client-a' });
}

describe('connect_property through a Google sign-in', () => {
  test('adds another property the grant reads and queues its backfill', async () => {
    const w = await connectionsWorld();
    const conn = await connected(w);

    const out = await connectProperty(w.deps, caller('amy'), {
      cid: 'client-a',
      gaid: '1002',
      connection_id: conn.connection_id,
    });

    expect(out).toEqual({ connection_id: conn.connection_id, property_id: '1002' });
    expect(
      (await w.connections.getConnection('client-a', conn.connection_id))?.property_ids,
    ).toEqual(['1001', '1002']);
    expect(w.queued.at(-1)).toEqual({
      client_uid: 'client-a',
      property_id: '1002',
      reason: 'backfill',
    });
    expect((await w.companies.getClient('client-a'))?.ga_websites).toEqual([
      'acme.com',
      'shop.acme.com',
    ]);
  });

  test('a property the grant cannot read is refused (field gaid)', async () => {
    const w = await connectionsWorld();
    const conn = await connected(w);

    await expect(
      connectProperty(w.deps, caller('alice'), {
        cid: 'client-a',
        gaid: '5555',
        connection_id: conn.connection_id,
      }),
    ).rejects.toMatchObject({ field: 'gaid' });
    expect(await w.connections.getPropertyState('client-a', '5555')).toBeNull();
  });

  test('a property already connected answers 409', async () => {
    const w = await connectionsWorld();
    const conn = await connected(w);

    await expect(
      connectProperty(w.deps, caller('alice'), {
        cid: 'client-a',
        gaid: '1001',
        connection_id: conn.connection_id,
      }),
    ).rejects.toBeInstanceOf(Conflict);
  });

  test('an unknown connection answers 404', async () => {
    const w = await connectionsWorld();

    await expect(
      connectProperty(w.deps, caller('alice'), {
        cid: 'client-a',
        gaid: '1002',
        connection_id: 'nope',
      }),
    ).rejects.toBeInstanceOf(NotFound);
  });

  test('another customer’s client answers 404; a view-only client 403', async () => {
    const w = await connectionsWorld();
    const conn = await connected(w);

    await expect(
      connectProperty(w.deps, caller('bob'), {
        cid: 'client-a',
        gaid: '1002',
        connection_id: conn.connection_id,
      }),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(
      connectProperty(w.deps, caller('alice'), { cid: 'demo-1', gaid: '1002' }),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(await w.connections.getPropertyState('client-a', '1002')).toBeNull();
  });
});

describe('connect_property through Viewer access', () => {
  test('a customer attaches a property the client’s Google sign-in also reads', async () => {
    const w = await connectionsWorld();
    w.google.viewer = [gaProperty('1002', 'https://shop.acme.com')];
    await connected(w);

    const out = await connectProperty(w.deps, caller('alice'), { cid: 'client-a', gaid: '1002' });

    expect(out.connection_id).toBe(VIEWER_CONNECTION_ID);
    expect(await w.connections.getConnection('client-a', VIEWER_CONNECTION_ID)).toMatchObject({
      source: 'viewer',
      sealed_refresh_token: null,
      property_ids: ['1002'],
    });
    expect((await w.companies.getClient('client-a'))?.connection_status).toBe('connected');
  });

  test('the client’s own website host alone does not let a customer attach (403)', async () => {
    const w = await connectionsWorld();
    w.google.viewer = [gaProperty('3001', 'https://www.acme.com')];

    await expect(
      connectProperty(w.deps, caller('alice'), { cid: 'client-a', gaid: '3001' }),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(await w.connections.listConnections('client-a')).toEqual([]);
  });

  test('a customer cannot attach a property of another website (403) and nothing changes', async () => {
    const w = await connectionsWorld();
    w.google.viewer = [gaProperty('3002', 'https://competitor.test')];

    await expect(
      connectProperty(w.deps, caller('alice'), { cid: 'client-a', gaid: '3002' }),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(await w.connections.listConnections('client-a')).toEqual([]);
    expect(w.queued).toEqual([]);
  });

  test('a client with no proven website: only staff may attach', async () => {
    const w = await connectionsWorld();
    w.google.viewer = [gaProperty('3003', 'https://bolt.test')];

    await expect(
      connectProperty(w.deps, caller('bob'), { cid: 'client-b', gaid: '3003' }),
    ).rejects.toBeInstanceOf(Forbidden);
    const out = await connectProperty(w.deps, caller('sam', { staff: true }), {
      cid: 'client-b',
      gaid: '3003',
    });
    expect(out.property_id).toBe('3003');
  });

  test('a property the service account cannot read is refused (field gaid)', async () => {
    const w = await connectionsWorld();

    await expect(
      connectProperty(w.deps, caller('sam', { staff: true }), { cid: 'client-a', gaid: '3009' }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('Viewer access cannot be claimed with a look-alike web stream', () => {
  /**
   * GA4 lets anyone type any address as a web stream's URL: bob makes his own property whose
   * stream says acme.com and connects it to his client by signing in with Google.
   */
  async function rivalClaimsAcme(w: World) {
    const s = await signedIn(w, {
      cid: 'client-b',
      email: 'bob@bolt.test',
      properties: [gaProperty('2001', 'https://www.acme.com/')],
    });
    await listProperties(w.deps, { code: s.code, state: s.state });
    await createProperties(w.deps, { code: s.code, gaids: ['2001'], client_id: 'client-b' });
  }

  test('a rival cannot attach the victim’s Viewer property to his client (403), nothing pulled', async () => {
    const w = await connectionsWorld();
    w.google.viewer = [gaProperty('3001', 'https://www.acme.com')];
    await rivalClaimsAcme(w);
    const queued = w.queued.length;

    await expect(
      connectProperty(w.deps, caller('bob'), { cid: 'client-b', gaid: '3001' }),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(await w.connections.getPropertyState('client-b', '3001')).toBeNull();
    expect(w.queued.length).toBe(queued);
  });

  test('the rival’s Connections panel does not offer the victim’s Viewer property', async () => {
    const w = await connectionsWorld();
    w.google.viewer = [gaProperty('3001', 'https://www.acme.com')];
    await rivalClaimsAcme(w);

    const panel = await getConnections(w.deps, caller('bob'), { cid: 'client-b' });

    expect(panel.viewer_properties).toEqual([]);
  });

  test('a Viewer property the client’s own Google sign-in can read is offered to its editors', async () => {
    const w = await connectionsWorld();
    w.google.viewer = [gaProperty('1002', 'https://shop.acme.com')];
    await connected(w);

    const panel = await getConnections(w.deps, caller('amy'), { cid: 'client-a' });

    expect(panel.viewer_properties.map((p) => p.gaid)).toEqual(['1002']);
  });
});
