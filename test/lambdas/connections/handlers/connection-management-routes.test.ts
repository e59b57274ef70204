import { describe, expect, test } from 'vitest';
import { makeHandler as connectProperty } from '../../../../lambdas/connections/handlers/connect-property.handler';
import { makeHandler as connectUrl } from '../../../../lambdas/connections/handlers/connect-url.handler';
import { makeHandler as connectionRemove } from '../../../../lambdas/connections/handlers/connection-remove.handler';
import { makeHandler as getConnections } from '../../../../lambdas/connections/handlers/get-connections.handler';
import { connectionsWorld, gaProperty } from '../connection-fakes';
import { call, connected } from './route-calls';

describe('connect_property', () => {
  test('staff attach a Viewer property; a customer of another website gets 403; another customer 404', async () => {
    const w = await connectionsWorld();
    w.google.viewer = [gaProperty('3001', 'https://elsewhere.test')];

    const customer = await call(
      connectProperty,
      w.deps,
      'connect_property',
      { cid: 'client-a', gaid: '3001' },
      'alice',
    );
    const other = await call(
      connectProperty,
      w.deps,
      'connect_property',
      { cid: 'client-a', gaid: '3001' },
      'bob',
    );
    const staff = await call(
      connectProperty,
      w.deps,
      'connect_property',
      { cid: 'client-a', gaid: '3001' },
      'sam',
    );

    expect([customer.status, other.status, staff.status]).toEqual([403, 404, 200]);
    expect(staff.result).toEqual({ connection_id: 'viewer', property_id: '3001' });
  });

  test('a gaid that is not a property id is refused naming gaid', async () => {
    const w = await connectionsWorld();

    const res = await call(
      connectProperty,
      w.deps,
      'connect_property',
      { cid: 'client-a', gaid: 'properties/x' },
      'alice',
    );

    expect(res).toMatchObject({ status: 400, error: { field: 'gaid' } });
  });
});

describe('connection_remove', () => {
  test('removes for an editor; 404 for another customer and for an unknown connection; 403 read-only', async () => {
    const w = await connectionsWorld();
    const connection_id = await connected(w);

    const other = await call(
      connectionRemove,
      w.deps,
      'connection_remove',
      { cid: 'client-a', connection_id },
      'bob',
    );
    const demo = await call(
      connectionRemove,
      w.deps,
      'connection_remove',
      { cid: 'demo-1', connection_id },
      'alice',
    );
    const unknown = await call(
      connectionRemove,
      w.deps,
      'connection_remove',
      { cid: 'client-a', connection_id: 'nope' },
      'alice',
    );
    const ok = await call(
      connectionRemove,
      w.deps,
      'connection_remove',
      { cid: 'client-a', connection_id },
      'alice',
    );

    expect([other.status, demo.status, unknown.status, ok.status]).toEqual([404, 403, 404, 200]);
    expect(ok.result).toMatchObject({ removed_properties: ['1001'], revoked: true });
  });
});

describe('get_connections', () => {
  test('shows the panel to a viewer of the client; 404 to another customer; 401 signed out', async () => {
    const w = await connectionsWorld();
    await call(connectUrl, w.deps, 'connect_url', { cid: 'client-a', email: '' }, 'alice');

    const ok = await call(getConnections, w.deps, 'get_connections', { cid: 'client-a' }, 'amy');
    const other = await call(getConnections, w.deps, 'get_connections', { cid: 'client-a' }, 'bob');
    const out = await call(getConnections, w.deps, 'get_connections', { cid: 'client-a' });

    expect(ok.status).toBe(200);
    expect(ok.result).toMatchObject({
      status: 'almost_connected',
      can_edit: true,
      connections: [],
    });
    expect([other.status, out.status]).toEqual([404, 401]);
  });

  test('tells an editor which properties each Google sign-in could still add; a view-only caller none', async () => {
    const w = await connectionsWorld();
    const stored = await w.connections.getConnection('client-a', await connected(w));
    // The demo client is read-only to alice; the same grant stored on it must stay unasked.
    await w.connections.putConnection({ ...stored!, client_uid: 'demo-1', version: 1 });
    const listings = w.google.grantListings;

    const editor = await call(
      getConnections,
      w.deps,
      'get_connections',
      { cid: 'client-a' },
      'alice',
    );
    const viewOnly = await call(
      getConnections,
      w.deps,
      'get_connections',
      { cid: 'demo-1' },
      'alice',
    );

    type Listed = { connections?: Array<{ addable_properties?: Array<{ gaid: string }> }> };
    const addable = (r: typeof editor) =>
      (r.result as Listed | undefined)?.connections?.[0]?.addable_properties;
    expect(addable(editor)?.map((p) => p.gaid)).toEqual(['1002']);
    expect(viewOnly.status).toBe(200);
    expect(addable(viewOnly)).toEqual([]);
    expect(w.google.grantListings).toBe(listings + 1);
    expect(JSON.stringify([editor, viewOnly])).not.toMatch(/rt-ann|gcm1:/);
  });
});
