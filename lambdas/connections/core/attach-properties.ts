import type { ClientRecord } from '#shared/companies/companies';
import type { PropertyPullState } from '#shared/connections/connections-store';
import type { ConnectionDeps, ListedProperty } from './ports';
import { withHosts } from './website-host';

/**
 * The pull state of a property just connected: queued, nothing pulled. The backfill window is
 * left empty ('' days): the pull sets it from the property's own calendar on its first run, and
 * a quota bucket with no time starts full.
 */
export function newPullState(
  clientUid: string,
  connectionId: string,
  p: Pick<ListedProperty, 'gaid' | 'gaview' | 'gaurl' | 'time_zone'>,
): PropertyPullState {
  return {
    client_uid: clientUid,
    property_id: p.gaid,
    connection_id: connectionId,
    display_name: p.gaview,
    url: p.gaurl,
    time_zone: p.time_zone,
    resolution: 'minute',
    hourly_reason: null,
    pull: {
      state: 'queued',
      progress: 0,
      from: '',
      to: '',
      done_through: null,
      last_pull_at: null,
      message: null,
    },
    quota_tokens: 0,
    quota_at: '',
    retry_after: null,
    version: 1,
  };
}

/**
 * Detaches a property from the connection that pulled it before: the connection loses it and is
 * removed when it has none left (its grant is not revoked at Google: the same Google user may
 * just have granted the new connection, and revoking would end that too).
 */
async function detachFromOld(deps: ConnectionDeps, clientUid: string, old: PropertyPullState) {
  const connection = await deps.connections.getConnection(clientUid, old.connection_id);
  if (!connection) return;
  const left = connection.property_ids.filter((id) => id !== old.property_id);
  if (left.length === 0) {
    await deps.connections.deleteConnection(clientUid, connection.connection_id);
    return;
  }
  await deps.connections.putConnection({
    ...connection,
    property_ids: left,
    version: connection.version + 1,
  });
}

/**
 * Makes `connectionId` pull `properties` for the client and queues their backfill.
 * Steps: 1. a property new to the client gets a queued pull state; one the client already pulls
 * through another connection moves to this one, keeping its progress (a reconnect after a
 * revoked grant resumes where it stopped); 2. one backfill message per property on the GaPull
 * queue (the pull reads the stored state, so a message for a moved property only resumes it);
 * 3. the web streams' hosts join the client's ga_websites.
 */
export async function attachProperties(
  deps: ConnectionDeps,
  client: ClientRecord,
  connectionId: string,
  properties: readonly ListedProperty[],
): Promise<void> {
  const clientUid = client.client_uid;
  for (const p of properties) {
    const existing = await deps.connections.getPropertyState(clientUid, p.gaid);
    if (!existing) {
      await deps.connections.putPropertyState(newPullState(clientUid, connectionId, p));
      continue;
    }
    if (existing.connection_id === connectionId) continue;
    await deps.connections.putPropertyState({
      ...existing,
      connection_id: connectionId,
      display_name: p.gaview,
      url: p.gaurl,
      time_zone: p.time_zone,
      version: existing.version + 1,
    });
    await detachFromOld(deps, clientUid, existing);
  }
  await deps.queue.send(
    properties.map((p) => ({ client_uid: clientUid, property_id: p.gaid, reason: 'backfill' })),
  );
}

/** Adds the web-stream hosts of properties a Google user proved access to, to ga_websites. */
export async function rememberWebsites(
  deps: ConnectionDeps,
  client: ClientRecord,
  properties: readonly ListedProperty[],
): Promise<void> {
  const hosts = withHosts(
    client.ga_websites,
    properties.map((p) => p.gaurl),
  );
  if (hosts.join(' ') !== (client.ga_websites ?? []).join(' '))
    await deps.companies.updateClient(client.client_uid, { ga_websites: hosts });
}
