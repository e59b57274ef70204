import type { ConnectionRecord } from '#shared/connections/connections-store';
import type { GaProperty } from '#shared/contracts/connections.schema';
import { authorizedRefreshToken } from './connection-grant';
import type { ConnectionDeps } from './ports';

/** The key a connection's grant listing is reused under: a new version lists afresh. */
export const grantListingKey = (c: ConnectionRecord) =>
  `${c.client_uid}/${c.connection_id}/${c.version}`;

/**
 * The properties an oauth connection's Google account could still add to its client (what
 * connect_property with this connection_id accepts), for a caller who may edit it.
 * Candidates are the grant's `readable_property_ids` (every listed id when a connection
 * predates them) that no connection of the client pulls (`connected`); the grant's own
 * listing (Admin API, reused for a minute per connection version) gives their names, web
 * stream URLs and time zones and drops any it no longer reads.
 * Steps: 1. none for viewer or invalid connections; 2. none, without asking Google, when every
 * candidate is connected; 3. list through the grant and keep the candidates.
 * A refusal by Google (revoked grant) or any other failure gives none: the pull marks a
 * revoked connection invalid and the panel says so there. Never throws.
 */
export async function addableProperties(
  deps: Pick<ConnectionDeps, 'google' | 'vault'>,
  connection: ConnectionRecord,
  connected: ReadonlySet<string>,
): Promise<GaProperty[]> {
  if (connection.source !== 'oauth' || connection.status !== 'active') return [];
  const proven = connection.readable_property_ids;
  const open = (gaid: string) => !connected.has(gaid) && (!proven || proven.includes(gaid));
  if (proven && !proven.some(open)) return [];
  try {
    const listed = await deps.google.listGrantProperties(grantListingKey(connection), () =>
      authorizedRefreshToken(deps, connection),
    );
    return listed.filter((p) => open(p.gaid)).map((p) => ({ ...p, checked: false }));
  } catch {
    return [];
  }
}
