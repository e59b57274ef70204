import type { Caller } from '#shared/auth/caller';
import { clientWithPerms } from '#shared/companies/companies';
import { connectionStatus } from '#shared/connections/client-status';
import { isOpen, requestView } from '#shared/connections/connection-requests';
import type { ConnectionRecord, PropertyPullState } from '#shared/connections/connections-store';
import type {
  ConnectionView,
  GaProperty,
  GetConnectionsResult,
} from '#shared/contracts/connections.schema';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { addableProperties } from './addable-properties';
import { mayAttachViewer } from './connect-property';
import type { ConnectionDeps } from './ports';

/** Requests get_connections shows: the newest ones. */
export const REQUESTS_SHOWN = 20;

function connectionView(
  c: ConnectionRecord,
  states: readonly PropertyPullState[],
  addable: GaProperty[],
): ConnectionView {
  return {
    connection_id: c.connection_id,
    source: c.source,
    ga_email: c.ga_email,
    status: c.status,
    invalid_reason:
      c.status === 'invalid' ? (c.invalid_reason ?? CONNECTION_MESSAGES.accessLost) : null,
    created_at: c.created_at,
    properties: states
      .filter((s) => s.connection_id === c.connection_id)
      .map((s) => ({
        gaid: s.property_id,
        gaview: s.display_name,
        gaurl: s.url,
        time_zone: s.time_zone,
        resolution: s.resolution,
        hourly_reason: s.hourly_reason,
        pull: s.pull,
      })),
    addable_properties: addable,
  };
}

/**
 * get_connections: a client's Connections panel (spec §7 "Connections"): status, connections
 * with each property's pull progress, the latest requests, the Viewer-access properties the
 * caller may attach, and the service account's address.
 * Steps: 1. check `view` (404 when not visible); 2. read connections, pull states and requests;
 * 3. for a caller with `edit`, list what the service account reads and keep the unattached
 * properties mayAttachViewer allows (none for view-only callers: they cannot attach, and other
 * customers' property names are not theirs to see); a Google failure there leaves the list
 * empty rather than failing the panel; 4. for the same caller, what each active Google sign-in
 * could still add (addableProperties; none for view-only callers, and none on a refusal).
 * @throws NotFound.
 */
export async function getConnections(
  deps: ConnectionDeps,
  caller: Caller,
  input: { cid: string },
): Promise<GetConnectionsResult> {
  const { client, perms } = await clientWithPerms(deps.companies, caller, input.cid, 'view');
  const [connections, states, requests] = await Promise.all([
    deps.connections.listConnections(client.client_uid),
    deps.connections.listPropertyStates(client.client_uid),
    deps.requests.list(client.client_uid),
  ]);
  const now = deps.now();
  const attached = new Set(states.map((s) => s.property_id));
  let viewerProperties: GaProperty[] = [];
  if (perms.edit) {
    const readable = await deps.google.listViewerProperties().catch(() => []);
    viewerProperties = readable
      .filter((p) => !attached.has(p.gaid) && mayAttachViewer(caller, connections, p))
      .map((p) => ({ ...p, checked: false }));
  }
  const addable = await Promise.all(
    connections.map((c) => (perms.edit ? addableProperties(deps, c, attached) : [])),
  );
  return {
    status: connectionStatus(connections, states, requests.filter((r) => isOpen(r, now)).length),
    connections: connections.map((c, i) => connectionView(c, states, addable[i] ?? [])),
    requests: requests.slice(0, REQUESTS_SHOWN).map((r) => requestView(r, now)),
    viewer_properties: viewerProperties,
    service_account_email: await deps.google.serviceAccountEmail(),
    can_edit: perms.edit,
  };
}
