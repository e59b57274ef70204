import { describe, expect, test } from 'vitest';
import { CONNECTION_REQUEST_TTL_S } from '#shared/contracts/connections.schema';
import { NotFound } from '#shared/errors';
import { connectProperty } from '../../../../lambdas/connections/core/connect-property';
import { connectUrl } from '../../../../lambdas/connections/core/connection-requests';
import { createProperties } from '../../../../lambdas/connections/core/create-properties';
import { getConnections } from '../../../../lambdas/connections/core/get-connections';
import { listProperties } from '../../../../lambdas/connections/core/oauth-flow';
import { verifiedProfiles } from '../../accounts/sharing-fakes';
import { caller, connectionsWorld, gaProperty, signedIn } from '../connection-fakes';

describe('get_connections', () => {
  test('shows the connections with their properties’ progress, the requests and the status', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);
    await listProperties(w.deps, { code: s.code, state: s.state });
    const conn = await createProperties(w.deps, {
      code: s.code,
      gaids: ['1001'],
      client_id: 'client-a',
    });

    const out = await getConnections(w.deps, caller('amy'), { cid: 'client-a' });

    expect(out.status).toBe('connected');
    expect(out.can_edit).toBe(true);
    expect(out.service_account_email).toBe('reader@analyticowl.iam.gserviceaccount.com');
    expect(out.connections).toMatchObject([
      {
        connection_id: conn.connection_id,
        source: 'oauth',
        ga_email: 'ann@acme.com',
        status: 'active',
        invalid_reason: null,
        properties: [
          { gaid: '1001', resolution: 'minute', pull: { state: 'queued', progress: 0 } },
        ],
      },
    ]);
    expect(out.requests).toMatchObject([{ request_id: s.link.request_id, status: 'used' }]);
    expect(JSON.stringify(out)).not.toMatch(/gcm1:|rt-ann|token_hash/);
  });

  test('an open link past its expiry reads expired', async () => {
    const w = await connectionsWorld();
    await connectUrl(w.deps, caller('alice'), { cid: 'client-a', email: '' });
    w.advance(CONNECTION_REQUEST_TTL_S + 1);

    const out = await getConnections(w.deps, caller('alice'), { cid: 'client-a' });

    expect(out.requests.map((r) => r.status)).toEqual(['expired']);
    expect(out.status).toBe('not_connected');
  });

  test('Viewer properties: a customer sees only unattached ones the client’s Google sign-in reads; staff all', async () => {
    const w = await connectionsWorld();
    const s = await signedIn(w);
    await listProperties(w.deps, { code: s.code, state: s.state });
    await createProperties(w.deps, { code: s.code, gaids: ['1001'], client_id: 'client-a' });
    w.google.viewer = [
      gaProperty('1001', 'https://acme.com'),
      gaProperty('1002', 'https://shop.acme.com'),
      gaProperty('3001', 'https://acme.com'),
      gaProperty('3002', 'https://competitor.test'),
    ];

    const customer = await getConnections(w.deps, caller('alice'), { cid: 'client-a' });
    const staff = await getConnections(w.deps, caller('sam', { staff: true }), { cid: 'client-a' });

    expect(customer.viewer_properties.map((p) => p.gaid)).toEqual(['1002']);
    expect(staff.viewer_properties.map((p) => p.gaid)).toEqual(['1002', '3001', '3002']);
  });

  test('a view-only caller sees no Viewer properties and cannot edit', async () => {
    const w = await connectionsWorld();
    w.google.viewer = [gaProperty('3001', 'https://acme.com')];

    const out = await getConnections(w.deps, caller('alice'), { cid: 'demo-1' });

    expect(out.can_edit).toBe(false);
    expect(out.viewer_properties).toEqual([]);
  });

  test('Google failing leaves the Viewer list empty instead of failing the panel', async () => {
    const w = await connectionsWorld();
    w.google.failViewer = true;

    const out = await getConnections(w.deps, caller('alice'), { cid: 'client-a' });

    expect(out.viewer_properties).toEqual([]);
  });

  test('another customer’s client answers 404', async () => {
    const w = await connectionsWorld();

    await expect(getConnections(w.deps, caller('bob'), { cid: 'client-a' })).rejects.toBeInstanceOf(
      NotFound,
    );
  });
});

describe('get_connections: properties a Google sign-in could still add', () => {
  /** ann@acme.com reads 1001, 1002 and 1003 and connected 1001 to client-a. */
  async function connectedOne() {
    const w = await connectionsWorld();
    const s = await signedIn(w, {
      properties: [
        gaProperty('1001', 'https://www.acme.com/'),
        gaProperty('1002', 'https://shop.acme.com', { gaview: 'Acme Shop', time_zone: 'UTC' }),
        gaProperty('1003', 'https://outlet.acme.com'),
      ],
    });
    await listProperties(w.deps, { code: s.code, state: s.state });
    const conn = await createProperties(w.deps, {
      code: s.code,
      gaids: ['1001'],
      client_id: 'client-a',
    });
    return { w, connectionId: conn.connection_id };
  }

  /** A view-only share of client-a to `<to>@example.com`, a verified address. */
  async function share(w: Awaited<ReturnType<typeof connectionsWorld>>, to: string) {
    await verifiedProfiles(w.accounts, to);
    await w.accounts.putShare({
      share_uid: 'share-1',
      client_uid: 'client-a',
      client_name: 'Acme Mattress',
      from_user_id: 'alice',
      from_email: 'alice@example.com',
      to_email: `${to}@example.com`,
      perms: ['view'],
      status: 'active',
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
    });
  }

  test('an editor sees the ones the grant reads that the client does not pull, with name, address and time zone', async () => {
    const { w } = await connectedOne();

    const out = await getConnections(w.deps, caller('amy'), { cid: 'client-a' });

    expect(out.connections[0]?.addable_properties).toEqual([
      {
        ...gaProperty('1002', 'https://shop.acme.com', { gaview: 'Acme Shop', time_zone: 'UTC' }),
        checked: false,
      },
      { ...gaProperty('1003', 'https://outlet.acme.com'), checked: false },
    ]);
    expect(JSON.stringify(out)).not.toMatch(/rt-ann/);
  });

  test('properties already connected to the client, by this sign-in or by Viewer access, are left out', async () => {
    const { w, connectionId } = await connectedOne();
    await connectProperty(w.deps, caller('alice'), {
      cid: 'client-a',
      gaid: '1002',
      connection_id: connectionId,
    });
    w.google.viewer = [gaProperty('1003', 'https://outlet.acme.com')];
    await connectProperty(w.deps, caller('alice'), { cid: 'client-a', gaid: '1003' });

    const out = await getConnections(w.deps, caller('alice'), { cid: 'client-a' });

    const oauth = out.connections.find((c) => c.connection_id === connectionId);
    const viewer = out.connections.find((c) => c.source === 'viewer');
    expect(oauth?.properties.map((p) => p.gaid)).toEqual(['1001', '1002']);
    expect(oauth?.addable_properties).toEqual([]);
    expect(viewer?.addable_properties).toEqual([]);
  });

  test('once everything the grant proved readable is connected, Google is not asked', async () => {
    const { w, connectionId } = await connectedOne();
    for (const gaid of ['1002', '1003'])
      await connectProperty(w.deps, caller('alice'), {
        cid: 'client-a',
        gaid,
        connection_id: connectionId,
      });
    const before = w.google.grantListings;

    const out = await getConnections(w.deps, caller('alice'), { cid: 'client-a' });

    expect(out.connections[0]?.addable_properties).toEqual([]);
    expect(w.google.grantListings).toBe(before);
  });

  test('a view-only caller gets none, and Google is not asked for them', async () => {
    const { w } = await connectedOne();
    await share(w, 'vera');
    const before = w.google.grantListings;

    const out = await getConnections(w.deps, caller('vera'), { cid: 'client-a' });

    expect(out.can_edit).toBe(false);
    expect(out.connections[0]?.properties.map((p) => p.gaid)).toEqual(['1001']);
    expect(out.connections[0]?.addable_properties).toEqual([]);
    expect(w.google.grantListings).toBe(before);
  });

  test('a grant Google refuses (revoked) offers none and the panel still answers', async () => {
    const { w } = await connectedOne();
    w.google.revoked.push('rt-ann@acme.com');

    const out = await getConnections(w.deps, caller('alice'), { cid: 'client-a' });

    expect(out.status).toBe('connected');
    expect(out.connections[0]).toMatchObject({ status: 'active', addable_properties: [] });
  });

  test('a connection that lost its access offers none', async () => {
    const { w, connectionId } = await connectedOne();
    const stored = await w.connections.getConnection('client-a', connectionId);
    await w.connections.putConnection({
      ...stored!,
      status: 'invalid',
      invalid_reason: 'lost',
      version: stored!.version + 1,
    });
    const before = w.google.grantListings;

    const out = await getConnections(w.deps, caller('alice'), { cid: 'client-a' });

    expect(out.connections[0]?.addable_properties).toEqual([]);
    expect(w.google.grantListings).toBe(before);
  });
});
