import { describe, expect, test } from 'vitest';
import type { ConnectionDeps } from '../../../../lambdas/connections/core/ports';
import { makeHandler as connectProperty } from '../../../../lambdas/connections/handlers/connect-property.handler';
import { makeHandler as connectUrl } from '../../../../lambdas/connections/handlers/connect-url.handler';
import { makeHandler as connectionRemove } from '../../../../lambdas/connections/handlers/connection-remove.handler';
import { makeHandler as connectionStart } from '../../../../lambdas/connections/handlers/connection-start.handler';
import { makeHandler as createProperties } from '../../../../lambdas/connections/handlers/create-properties.handler';
import { makeHandler as garequestCancel } from '../../../../lambdas/connections/handlers/garequest-cancel.handler';
import { makeHandler as getConnections } from '../../../../lambdas/connections/handlers/get-connections.handler';
import { makeHandler as listProperties } from '../../../../lambdas/connections/handlers/list-properties.handler';
import { CONNECTION_MESSAGES } from '../../../../layers/shared/contracts/connections.schema';
import type { HttpHandler } from '../../../../layers/shared/http/route-handler';
import { httpEvent, lambdaContext } from '../../reports/handlers/events';
import { connectionsWorld, gaProperty } from '../connection-fakes';

type Make = (
  deps: () => ConnectionDeps,
  a?: () => { hasAuthenticator: () => Promise<boolean> },
) => HttpHandler;
const staffChecks = () => ({ hasAuthenticator: async () => true });

/** Calls a route as `sub` (none: signed out; `sam` is staff with an authenticator app). */
async function call(
  make: Make,
  deps: ConnectionDeps,
  route: string,
  body: Record<string, unknown>,
  sub?: string,
) {
  const handler = make(() => deps, staffChecks);
  const event =
    route === 'get_connections'
      ? httpEvent({
          method: 'GET',
          path: `/ss_rest/${route}`,
          sub,
          query: body as Record<string, string>,
          groups: sub === 'sam' ? ['staff'] : undefined,
        })
      : httpEvent({
          method: 'POST',
          path: `/ss_rest/${route}`,
          sub,
          body,
          groups: sub === 'sam' ? ['staff'] : undefined,
        });
  const res = await handler(event, lambdaContext);
  const parsed = JSON.parse(res.body as string) as {
    success: boolean;
    message: string;
    result?: Record<string, unknown> & { properties?: unknown[] };
    error?: { code: string; field?: string };
  };
  return { status: res.statusCode, ...parsed };
}

/** The advertiser's journey up to Google's return: a link, the start page, the consent. */
async function journey(
  w: Awaited<ReturnType<typeof connectionsWorld>>,
  properties = [gaProperty('1001', 'https://acme.com'), gaProperty('1002', 'https://acme.com/b')],
) {
  w.google.userProperties.set('rt-ann@acme.com', properties);
  const link = await call(
    connectUrl,
    w.deps,
    'connect_url',
    { cid: 'client-a', email: '' },
    'alice',
  );
  const url = new URL(String(link.result?.connection_url));
  const xrg = url.searchParams.get('xrg') as string;
  const start = await call(connectionStart, w.deps, 'connection_start', { xrg, cid: 'client-a' });
  const state = new URL(String(start.result?.authorize_url)).searchParams.get('state') as string;
  const code = w.google.consent(state, 'ann@acme.com');
  return { link, xrg, start, state, code };
}

const GONE = { status: 410, message: CONNECTION_MESSAGES.requestGone };

describe('connect_url', () => {
  test('answers the link for an editor; 401 signed out; 404 for another customer; 403 read-only', async () => {
    const w = await connectionsWorld();

    const ok = await call(
      connectUrl,
      w.deps,
      'connect_url',
      { cid: 'client-a', email: 'ann@acme.com' },
      'alice',
    );
    const out = await call(connectUrl, w.deps, 'connect_url', { cid: 'client-a' });
    const other = await call(connectUrl, w.deps, 'connect_url', { cid: 'client-a' }, 'bob');
    const demo = await call(connectUrl, w.deps, 'connect_url', { cid: 'demo-1' }, 'alice');

    expect(ok.status).toBe(200);
    expect(String(ok.result?.connection_url)).toMatch(
      /^https:\/\/app\.example\.com\/start_connection\?xrg=[\w-]{20,}&cid=client-a$/,
    );
    expect(ok.result?.mailed_to).toBe('ann@acme.com');
    expect([out.status, other.status, demo.status]).toEqual([401, 404, 403]);
    expect(await w.requests.list('client-a')).toHaveLength(1);
  });

  test('a bad e-mail is refused naming the field', async () => {
    const w = await connectionsWorld();

    const res = await call(
      connectUrl,
      w.deps,
      'connect_url',
      { cid: 'client-a', email: 'not-mail' },
      'alice',
    );

    expect(res.status).toBe(400);
    expect(res.error?.field).toBe('email');
  });
});

describe('garequest_cancel', () => {
  test('cancels for an editor, then the link answers 410; 404 for another customer', async () => {
    const w = await connectionsWorld();
    const { link, xrg } = await journey(w);
    const request_id = link.result?.request_id;

    const other = await call(
      garequestCancel,
      w.deps,
      'garequest_cancel',
      { cid: 'client-a', request_id },
      'bob',
    );
    const ok = await call(
      garequestCancel,
      w.deps,
      'garequest_cancel',
      { cid: 'client-a', request_id },
      'amy',
    );
    const again = await call(
      garequestCancel,
      w.deps,
      'garequest_cancel',
      { cid: 'client-a', request_id },
      'amy',
    );
    const start = await call(connectionStart, w.deps, 'connection_start', { xrg, cid: 'client-a' });

    expect([other.status, ok.status, again.status]).toEqual([404, 200, 409]);
    expect(start).toMatchObject(GONE);
  });
});

describe('connection_start', () => {
  test('answers Google’s address without signing in', async () => {
    const w = await connectionsWorld();
    const { start } = await journey(w);

    expect(start.status).toBe(200);
    expect(start.result?.client_name).toBe('Acme Mattress');
    expect(String(start.result?.authorize_url)).toContain('code_challenge=');
  });

  test('an expired link answers 410 with the spec’s message', async () => {
    const w = await connectionsWorld();
    const { xrg } = await journey(w);
    w.advance(8 * 24 * 3600);

    const res = await call(connectionStart, w.deps, 'connection_start', { xrg, cid: 'client-a' });

    expect(res).toMatchObject(GONE);
  });

  test('a malformed token is refused naming xrg', async () => {
    const w = await connectionsWorld();

    const res = await call(connectionStart, w.deps, 'connection_start', {
      xrg: 'short',
      cid: 'client-a',
    });

    expect(res.status).toBe(400);
    expect(res.error?.field).toBe('xrg');
  });
});

describe('list_properties', () => {
  test('lists the properties; a reload answers the same; a wrong state answers 410', async () => {
    const w = await connectionsWorld();
    const { code, state } = await journey(w);

    const first = await call(listProperties, w.deps, 'list_properties', { code, state });
    const reload = await call(listProperties, w.deps, 'list_properties', { code, state });
    const forged = await call(listProperties, w.deps, 'list_properties', { code, state: 'forged' });

    expect(first.status).toBe(200);
    expect(first.result?.properties).toHaveLength(2);
    expect(reload.result).toEqual(first.result);
    expect(forged).toMatchObject(GONE);
    expect(JSON.stringify(first)).not.toContain('rt-ann');
  });

  test('a Google user with no properties gets properties: []', async () => {
    const w = await connectionsWorld();
    const { code, state } = await journey(w, []);

    const res = await call(listProperties, w.deps, 'list_properties', { code, state });

    expect(res.status).toBe(200);
    expect(res.result?.properties).toEqual([]);
  });
});

describe('create_properties', () => {
  test('connects; the same code again answers 410; nothing leaks the grant', async () => {
    const w = await connectionsWorld();
    const { code, state } = await journey(w);
    await call(listProperties, w.deps, 'list_properties', { code, state });

    const ok = await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: ['1001'],
      client_id: 'client-a',
    });
    const reused = await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: ['1002'],
      client_id: 'client-a',
    });

    expect(ok.status).toBe(200);
    expect(ok.result).toMatchObject({ client_id: 'client-a', property_ids: ['1001'] });
    expect(reused).toMatchObject(GONE);
    expect(JSON.stringify(ok)).not.toMatch(/rt-ann|gcm1:/);
    expect(w.queued).toEqual([{ client_uid: 'client-a', property_id: '1001', reason: 'backfill' }]);
  });

  test('gaids the grant did not list are refused (400, field gaids); none ticked too', async () => {
    const w = await connectionsWorld();
    const { code, state } = await journey(w);
    await call(listProperties, w.deps, 'list_properties', { code, state });

    const foreign = await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: ['9999'],
      client_id: 'client-a',
    });
    const none = await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: [],
      client_id: 'client-a',
    });

    expect(foreign).toMatchObject({ status: 400, error: { field: 'gaids' } });
    expect(none).toMatchObject({ status: 400, message: CONNECTION_MESSAGES.pickOne });
    expect(await w.connections.listConnections('client-a')).toEqual([]);
  });

  test('a used link answers 410 even with a fresh sign-in', async () => {
    const w = await connectionsWorld();
    const { code, state, xrg } = await journey(w);
    await call(listProperties, w.deps, 'list_properties', { code, state });
    await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: ['1001'],
      client_id: 'client-a',
    });

    const start = await call(connectionStart, w.deps, 'connection_start', { xrg, cid: 'client-a' });

    expect(start).toMatchObject(GONE);
  });
});

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
    const { code, state } = await journey(w);
    await call(listProperties, w.deps, 'list_properties', { code, state });
    const made = await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: ['1001'],
      client_id: 'client-a',
    });
    const connection_id = made.result?.connection_id;

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
    const { code, state } = await journey(w);
    await call(listProperties, w.deps, 'list_properties', { code, state });
    const made = await call(createProperties, w.deps, 'create_properties', {
      code,
      gaids: ['1001'],
      client_id: 'client-a',
    });
    const stored = await w.connections.getConnection(
      'client-a',
      String(made.result?.connection_id),
    );
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
