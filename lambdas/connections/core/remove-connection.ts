import type { Caller } from '#shared/auth/caller';
import { writableClient } from '#shared/companies/companies';
import { refreshClientConnectionStatus } from '#shared/connections/client-status';
import { NotFound } from '#shared/errors';
import { authorizedRefreshToken } from './connection-grant';
import type { ConnectionDeps } from './ports';

/** What connection_remove did; `revoked` is false when Google could not be told. */
export interface RemoveConnectionResult {
  connection_id: string;
  removed_properties: string[];
  revoked: boolean;
}

/**
 * connection_remove: disconnects a connection of a client the caller may edit. The visits
 * already pulled stay in the client's lake; the properties stop being pulled.
 * Steps: 1. check `edit` (404 / 403); 2. find the connection (404); 3. for an oauth grant, revoke
 * it at Google (a grant Google already dropped, or Google failing, does not stop the removal:
 * the sealed token is deleted with the connection either way); 4. delete the pull states this
 * connection owns and the connection; 5. recompute connection_status.
 * @throws NotFound, Forbidden.
 */
export async function removeConnection(
  deps: ConnectionDeps,
  caller: Caller,
  input: { cid: string; connection_id: string },
): Promise<RemoveConnectionResult> {
  const client = await writableClient(deps.companies, caller, input.cid);
  const connection = await deps.connections.getConnection(client.client_uid, input.connection_id);
  if (!connection) throw new NotFound('Connection');
  let revoked = false;
  if (connection.source === 'oauth' && connection.sealed_refresh_token) {
    try {
      await deps.google.revoke(await authorizedRefreshToken(deps, connection));
      revoked = true;
    } catch {
      revoked = false;
    }
  }
  const states = await deps.connections.listPropertyStates(client.client_uid);
  const owned = states.filter((s) => s.connection_id === connection.connection_id);
  for (const s of owned)
    await deps.connections.deletePropertyState(client.client_uid, s.property_id);
  await deps.connections.deleteConnection(client.client_uid, connection.connection_id);
  await refreshClientConnectionStatus(deps, client.client_uid);
  return {
    connection_id: connection.connection_id,
    removed_properties: owned.map((s) => s.property_id),
    revoked,
  };
}
