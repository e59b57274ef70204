import { describe, expect, test } from 'vitest';
import { newClientRecord } from '#shared/companies/companies';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import { connectionStatus, refreshClientConnectionStatus } from '#shared/connections/client-status';
import type { PropertyPullState } from '#shared/connections/connections-store';
import { MemoryConnectionRequests } from '#shared/connections/memory-connection-requests';
import { MemoryConnectionsStore } from '#shared/connections/memory-connections-store';
import { connection, propertyState } from '../../../lambdas/connections/pull-fakes';

/** Connection `id` of client c1, `status`, pulling `propertyIds`. */
const conn = (id: string, status: 'active' | 'invalid', propertyIds: string[]) =>
  connection({ connection_id: id, status, property_ids: propertyIds });

/** A backfilled property of client c1 at `resolution`, pulled through `connectionId`. */
function prop(id: string, connectionId: string, resolution: 'minute' | 'hour'): PropertyPullState {
  return propertyState({
    property_id: id,
    connection_id: connectionId,
    resolution,
    hourly_reason: resolution === 'hour' ? 'thresholds' : null,
    pull: { ...propertyState().pull, state: 'done', progress: 100 },
  });
}

describe('connectionStatus', () => {
  test.each([
    ['nothing at all', [], [], 0, 'not_connected'],
    ['an open request only', [], [], 1, 'almost_connected'],
    ['a minute property', [conn('a', 'active', ['1'])], [prop('1', 'a', 'minute')], 0, 'connected'],
    [
      'one hourly and one minute property',
      [conn('a', 'active', ['1', '2'])],
      [prop('1', 'a', 'hour'), prop('2', 'a', 'minute')],
      0,
      'connected',
    ],
    [
      'hourly properties only',
      [conn('a', 'active', ['1'])],
      [prop('1', 'a', 'hour')],
      0,
      'lite_connected',
    ],
    [
      'a revoked connection',
      [conn('a', 'invalid', ['1'])],
      [prop('1', 'a', 'minute')],
      0,
      'connected_invalid',
    ],
    [
      'a revoked connection while a reconnect link is open',
      [conn('a', 'invalid', ['1'])],
      [prop('1', 'a', 'minute')],
      1,
      'connected_invalid',
    ],
    [
      'a revoked connection beside a working one',
      [conn('a', 'invalid', ['1']), conn('b', 'active', ['2'])],
      [prop('1', 'a', 'minute'), prop('2', 'b', 'hour')],
      0,
      'lite_connected',
    ],
    ['an active connection with no GA4 property', [conn('a', 'active', [])], [], 0, 'with_ua_only'],
  ] as const)('%s -> %s', (_name, connections, states, open, expected) => {
    expect(connectionStatus(connections, states, open)).toBe(expected);
  });
});

describe('refreshClientConnectionStatus', () => {
  test('writes the status on the client, counting only requests still open now', async () => {
    const companies = new MemoryCompanies();
    await companies.putClient(
      newClientRecord({ client_uid: 'c1', org_uid: 'o1', name: 'Acme' }, new Date()),
    );
    const requests = new MemoryConnectionRequests();
    await requests.put({
      client_uid: 'c1',
      request_id: 'r1',
      token_hash: 'h',
      email: '',
      created_by: 'u1',
      created_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2026-01-08T00:00:00.000Z',
      status: 'open',
      closed_at: null,
    });
    const deps = {
      connections: new MemoryConnectionsStore(),
      requests,
      companies,
      now: () => new Date('2026-01-02T00:00:00.000Z'),
    };

    expect(await refreshClientConnectionStatus(deps, 'c1')).toBe('almost_connected');
    expect((await companies.getClient('c1'))?.connection_status).toBe('almost_connected');

    const later = { ...deps, now: () => new Date('2026-01-09T00:00:00.000Z') };
    expect(await refreshClientConnectionStatus(later, 'c1')).toBe('not_connected');
    expect((await companies.getClient('c1'))?.connection_status).toBe('not_connected');
  });
});

describe('connected properties on the client', () => {
  test('counts the properties pulling through active connections', async () => {
    const companies = new MemoryCompanies();
    await companies.putClient(
      newClientRecord({ client_uid: 'c1', org_uid: 'o1', name: 'Acme' }, new Date()),
    );
    const connections = new MemoryConnectionsStore();
    await connections.putConnection(conn('a', 'active', ['1', '2']));
    await connections.putConnection(conn('b', 'invalid', ['3']));
    for (const p of [prop('1', 'a', 'minute'), prop('2', 'a', 'hour'), prop('3', 'b', 'minute')])
      await connections.putPropertyState(p);
    const deps = {
      connections,
      requests: new MemoryConnectionRequests(),
      companies,
      now: () => new Date('2026-01-02T00:00:00.000Z'),
    };

    await refreshClientConnectionStatus(deps, 'c1');

    expect(await companies.getClient('c1')).toMatchObject({
      connection_status: 'connected',
      connected_properties: 2,
    });
  });
});
