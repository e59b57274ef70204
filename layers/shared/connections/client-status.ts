import type { CompaniesRepository } from '../companies/companies';
import type { ConnectionStatus } from '../contracts/connections.schema';
import { type ConnectionRequestsStore, isOpen } from './connection-requests';
import type { ConnectionRecord, ConnectionsStore, PropertyPullState } from './connections-store';

/**
 * A client's connection health from its connections, their properties' pull states and its
 * open connection requests (spec §3 "Company (client)" filters; the statuses are documented on
 * CONNECTION_STATUSES). First match wins:
 * 1. connected: an active connection's property gives minute visits;
 * 2. lite_connected: active connections' properties give hourly visits only;
 * 3. connected_invalid: a connection lost its access and no active one pulls;
 * 4. with_ua_only: active connections hold no GA4 property (Universal Analytics only: the routes
 *    never make such a connection, older records may hold one);
 * 5. almost_connected: a connection request is open (sent, not finished);
 * 6. not_connected.
 * Pure: the caller counts open requests at its own `now`.
 */
export function connectionStatus(
  connections: readonly ConnectionRecord[],
  pullStates: readonly PropertyPullState[],
  openRequests: number,
): ConnectionStatus {
  const active = connections.filter((c) => c.status === 'active');
  const activeIds = new Set(active.map((c) => c.connection_id));
  const pulling = pullStates.filter((p) => activeIds.has(p.connection_id));
  if (pulling.some((p) => p.resolution === 'minute')) return 'connected';
  if (pulling.length > 0) return 'lite_connected';
  if (connections.some((c) => c.status === 'invalid')) return 'connected_invalid';
  if (active.length > 0) return 'with_ua_only';
  return openRequests > 0 ? 'almost_connected' : 'not_connected';
}

/** What refreshClientConnectionStatus reads and writes. */
export interface ClientStatusDeps {
  connections: Pick<ConnectionsStore, 'listConnections' | 'listPropertyStates'>;
  requests: Pick<ConnectionRequestsStore, 'list'>;
  companies: Pick<CompaniesRepository, 'updateClient'>;
  now: () => Date;
}

/**
 * Recomputes a client's `connection_status` (and `connected_properties`, the properties pulling
 * through active connections) from what is stored now and writes them on the client record. Called after every change by the connection routes and by the GA4 pull (a
 * property turning hourly, a grant revoked).
 * @returns the status written.
 * @throws NotFound when the client does not exist.
 */
export async function refreshClientConnectionStatus(
  deps: ClientStatusDeps,
  clientUid: string,
): Promise<ConnectionStatus> {
  const [connections, states, requests] = await Promise.all([
    deps.connections.listConnections(clientUid),
    deps.connections.listPropertyStates(clientUid),
    deps.requests.list(clientUid),
  ]);
  const now = deps.now();
  const status = connectionStatus(
    connections,
    states,
    requests.filter((r) => isOpen(r, now)).length,
  );
  // The task list's connections column: properties pulling through an active connection.
  const active = new Set(
    connections.filter((c) => c.status === 'active').map((c) => c.connection_id),
  );
  const pulling = states.filter((p) => active.has(p.connection_id)).length;
  await deps.companies.updateClient(clientUid, {
    connection_status: status,
    connected_properties: pulling,
  });
  return status;
}
