import { refreshClientConnectionStatus } from '#shared/connections/client-status';
import type { ConnectionRecord } from '#shared/connections/connections-store';
import { connectionVaultContext } from '#shared/connections/token-vault';
import { ValidationError } from '#shared/errors';
import { attachProperties, rememberWebsites } from './attach-properties';
import { RequestGone } from './connection-errors';
import { type ConnectionDeps, grantVaultContext, type ListedProperty } from './ports';
import { sha256Hex } from './secrets';

/** create_properties result: the new connection and the properties it pulls. */
export interface CreatePropertiesResult {
  connection_id: string;
  client_id: string;
  client_name: string;
  property_ids: string[];
}

/**
 * create_properties (public, bound to the grant list_properties stored for `code`): connects
 * the ticked properties (spec §5 views selection: at least one) to the link's client.
 * Steps: 1. load the grant of sha256(code) (RequestGone when absent, expired, or for another
 * client); 2. every gaid must be one the grant listed; 3. use up the request (one conditional
 * write: of two racing calls one wins) and drop the grant; 4. re-seal the refresh token for the
 * new connection and store it; 5. queue each property's backfill (attachProperties); 6. the
 * streams' hosts join ga_websites; 7. recompute the client's connection_status.
 * @throws RequestGone; ValidationError (field `gaids`) naming a property that was not listed.
 */
export async function createProperties(
  deps: ConnectionDeps,
  input: { code: string; gaids: string[]; client_id: string },
): Promise<CreatePropertiesResult> {
  const codeHash = sha256Hex(input.code);
  const grant = await deps.sessions.getGrant(codeHash);
  if (!grant || grant.client_uid !== input.client_id) throw new RequestGone();
  const listed = new Map(grant.properties.map((p) => [p.gaid, p]));
  const chosen: ListedProperty[] = [];
  for (const gaid of new Set(input.gaids)) {
    const p = listed.get(gaid);
    if (!p)
      throw new ValidationError(
        `Property ${gaid} is not one Google listed for this sign-in. Pick from the list.`,
        'gaids',
      );
    chosen.push(p);
  }
  const client = await deps.companies.getClient(grant.client_uid);
  const request = (await deps.requests.list(grant.client_uid)).find(
    (r) => r.request_id === grant.request_id,
  );
  if (!client || !request) throw new RequestGone();
  const now = deps.now();
  if (!(await deps.requests.close(client.client_uid, request.request_id, 'used', now)))
    throw new RequestGone();
  await deps.sessions.deleteGrant(codeHash);
  const refreshToken = await deps.vault.open(
    grant.sealed_refresh_token,
    grantVaultContext(codeHash),
  );
  const ids = { client_uid: client.client_uid, connection_id: deps.newId() };
  const connection: ConnectionRecord = {
    ...ids,
    source: 'oauth',
    ga_email: grant.ga_email,
    sealed_refresh_token: await deps.vault.seal(refreshToken, connectionVaultContext(ids)),
    status: 'active',
    invalid_reason: null,
    property_ids: chosen.map((p) => p.gaid),
    readable_property_ids: grant.properties.map((p) => p.gaid),
    created_by: request.created_by,
    created_at: now.toISOString(),
    version: 1,
  };
  await deps.connections.putConnection(connection);
  await attachProperties(deps, client, connection.connection_id, chosen);
  await rememberWebsites(deps, client, chosen);
  await refreshClientConnectionStatus(deps, client.client_uid);
  return {
    connection_id: connection.connection_id,
    client_id: client.client_uid,
    client_name: client.name,
    property_ids: connection.property_ids,
  };
}
