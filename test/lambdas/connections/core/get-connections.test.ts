import { describe, expect, test } from 'vitest';
import { connectUrl } from '../../../../lambdas/connections/core/connection-requests';
import { createProperties } from '../../../../lambdas/connections/core/create-properties';
import { getConnections } from '../../../../lambdas/connections/core/get-connections';
import { listProperties } from '../../../../lambdas/connections/core/oauth-flow';
import { CONNECTION_REQUEST_TTL_S } from '../../../../layers/shared/contracts/connections.schema';
import { NotFound } from '../../../../layers/shared/errors';
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
