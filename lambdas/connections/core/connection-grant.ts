import type { ConnectionRecord } from '#shared/connections/connections-store';
import { connectionVaultContext } from '#shared/connections/token-vault';
import type { ConnectionDeps } from './ports';

/**
 * The refresh token of an oauth connection, opened from the vault for exactly this
 * connection. Held in memory only for the call that needs it; never logged or returned.
 * @throws Error when the connection holds no token or it does not open.
 */
export async function authorizedRefreshToken(
  deps: Pick<ConnectionDeps, 'vault'>,
  connection: ConnectionRecord,
): Promise<string> {
  if (!connection.sealed_refresh_token) throw new Error('The connection holds no Google grant');
  return deps.vault.open(connection.sealed_refresh_token, connectionVaultContext(connection));
}
