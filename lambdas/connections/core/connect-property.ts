import type { Caller } from '#shared/auth/caller';
import { writableClient } from '#shared/companies/companies';
import { refreshClientConnectionStatus } from '#shared/connections/client-status';
import type { ConnectionRecord } from '#shared/connections/connections-store';
import { Conflict, Forbidden, NotFound, ValidationError } from '#shared/errors';
import { attachProperties, rememberWebsites } from './attach-properties';
import { GoogleUnavailable } from './connection-errors';
import { authorizedRefreshToken } from './connection-grant';
import { type ConnectionDeps, GoogleFailure, type ListedProperty } from './ports';

/** The id of a client's one Viewer-access connection (the product's service account). */
export const VIEWER_CONNECTION_ID = 'viewer';

/**
 * Whether the caller may attach a Viewer-access property to the client: staff always; others
 * only when a Google user who connected this client (an active oauth connection) could read
 * that very property (its `readable_property_ids`), else one customer could attach another's
 * property and read its visits. A web stream's host proves nothing: GA4 takes any address as
 * a stream's URL, so a rival's own property can name the victim's website.
 */
export function mayAttachViewer(
  caller: Caller,
  connections: readonly ConnectionRecord[],
  property: Pick<ListedProperty, 'gaid'>,
): boolean {
  if (caller.staff) return true;
  return connections.some(
    (c) =>
      c.source === 'oauth' &&
      c.status === 'active' &&
      (c.readable_property_ids ?? []).includes(property.gaid),
  );
}

/** Google failures of a listing, as the caller sees them (never Google's own answer). */
function listingFailed(error: unknown): never {
  if (error instanceof GoogleFailure)
    throw new GoogleUnavailable(
      error.revoked
        ? 'Google no longer gives this connection access. Reconnect it first.'
        : undefined,
    );
  throw error;
}

/**
 * connect_property: one more property for a client the caller may edit, either through one of
 * its oauth connections (`connection_id`: the property must be readable by that grant), or
 * through Viewer access (no `connection_id`: the property must be readable by the product's
 * service account and pass mayAttachViewer). A listing through a connection refreshes what it
 * proves readable (`readable_property_ids`).
 * Steps: 1. check `edit` (404 / 403); 2. refuse a property the client already pulls; 3. list
 * what the grant (or the service account) reads and find the property; 4. add it to the
 * connection (the client's one Viewer connection is made on first use); 5. queue its backfill;
 * 6. recompute connection_status.
 * @throws NotFound (client, connection), Forbidden (no edit; for non-staff, a Viewer property
 *   no Google account connected to the client can read), Conflict (already connected,
 *   connection invalid), ValidationError (`gaid` not readable), GoogleUnavailable.
 */
export async function connectProperty(
  deps: ConnectionDeps,
  caller: Caller,
  input: { cid: string; gaid: string; connection_id?: string },
): Promise<{ connection_id: string; property_id: string }> {
  const client = await writableClient(deps.companies, caller, input.cid);
  if (await deps.connections.getPropertyState(client.client_uid, input.gaid))
    throw new Conflict('This property is already connected to this client.');
  const viewer = input.connection_id === undefined;
  const connection = viewer
    ? await deps.connections.getConnection(client.client_uid, VIEWER_CONNECTION_ID)
    : await deps.connections.getConnection(client.client_uid, input.connection_id as string);
  if (!viewer && connection?.source !== 'oauth') throw new NotFound('Connection');
  if (connection?.status === 'invalid')
    throw new Conflict('This connection lost its access. Reconnect it first.');
  const readable = viewer
    ? await deps.google.listViewerProperties().catch(listingFailed)
    : await deps.google
        .listUserProperties(await authorizedRefreshToken(deps, connection as ConnectionRecord))
        .catch(listingFailed);
  const property = readable.find((p) => p.gaid === input.gaid);
  if (!property)
    throw new ValidationError(
      viewer
        ? 'AnalyticOwl cannot read this property. Add the service account as Viewer first.'
        : 'This Google account cannot read this property.',
      'gaid',
    );
  if (
    viewer &&
    !mayAttachViewer(caller, await deps.connections.listConnections(client.client_uid), property)
  )
    throw new Forbidden(
      'No Google account connected to this client can read this property. Ask AnalyticOwl support to attach it.',
    );
  const now = deps.now();
  const next: ConnectionRecord = connection
    ? {
        ...connection,
        property_ids: [...connection.property_ids, property.gaid],
        ...(viewer ? {} : { readable_property_ids: readable.map((p) => p.gaid) }),
        version: connection.version + 1,
      }
    : {
        client_uid: client.client_uid,
        connection_id: VIEWER_CONNECTION_ID,
        source: 'viewer',
        ga_email: '',
        sealed_refresh_token: null,
        status: 'active',
        invalid_reason: null,
        property_ids: [property.gaid],
        created_by: caller.userId,
        created_at: now.toISOString(),
        version: 1,
      };
  await deps.connections.putConnection(next);
  await attachProperties(deps, client, next.connection_id, [property]);
  if (!viewer) await rememberWebsites(deps, client, [property]);
  await refreshClientConnectionStatus(deps, client.client_uid);
  return { connection_id: next.connection_id, property_id: property.gaid };
}
