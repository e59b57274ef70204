import { analyticsadmin, type analyticsadmin_v1beta } from '@googleapis/analyticsadmin';
import { analyticsdata, type analyticsdata_v1beta } from '@googleapis/analyticsdata';
import { JWT, OAuth2Client } from 'google-auth-library';
import type { ConnectionRecord } from '#shared/connections/connections-store';
import { connectionVaultContext, type TokenVault } from '#shared/connections/token-vault';
import type { GoogleSettings } from './google-config';

/** The read-only Analytics scope every grant and the service account use. */
export const ANALYTICS_READONLY_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';

/** What builds a connection's Google credentials. */
export interface GoogleClientDeps {
  settings: GoogleSettings;
  vault: TokenVault;
}

/** Credentials for Google's APIs: a user's grant, or the product's service account. */
export type GoogleAuthClient = OAuth2Client | JWT;

/**
 * An OAuth2Client for the product's OAuth client, pointed at the configured endpoints (Google,
 * or the local stand-in), with no user credentials yet.
 */
export function oauthClient(settings: GoogleSettings): OAuth2Client {
  return new OAuth2Client({
    clientId: settings.oauthClientId,
    clientSecret: settings.oauthClientSecret,
    redirectUri: settings.redirectUri,
    endpoints: {
      oauth2AuthBaseUrl: settings.oauthAuthUrl,
      oauth2TokenUrl: settings.oauthTokenUrl,
      oauth2RevokeUrl: settings.oauthRevokeUrl,
    },
  });
}

/**
 * The product's service account (Viewer access) as a JWT client that signs its own access
 * JWTs with the Analytics scope: no token exchange, so no call to Google's hard-coded token
 * URL (the local stand-in verifies the JWT with the account's public key).
 */
export function serviceAccountClient(settings: GoogleSettings): JWT {
  const client = new JWT({
    email: settings.serviceAccountEmail,
    key: settings.serviceAccountKey,
    scopes: [ANALYTICS_READONLY_SCOPE],
  });
  // A public property, not a constructor option, in this version of the library.
  client.useJWTAccessWithScope = true;
  return client;
}

/**
 * Credentials for a stored connection: for `oauth`, an OAuth2Client holding the connection's
 * refresh token (opened from the vault; it mints access tokens as needed); for `viewer`, the
 * service account's JWT client.
 * @throws Error when an oauth connection has no sealed token or it does not open.
 */
export async function authClientFor(
  connection: ConnectionRecord,
  deps: GoogleClientDeps,
): Promise<GoogleAuthClient> {
  if (connection.source === 'viewer') return serviceAccountClient(deps.settings);
  if (!connection.sealed_refresh_token) throw new Error('The connection holds no Google grant');
  const refreshToken = await deps.vault.open(
    connection.sealed_refresh_token,
    connectionVaultContext(connection),
  );
  const client = oauthClient(deps.settings);
  client.setCredentials({ refresh_token: refreshToken });
  return client;
}

/**
 * The Authorization header of the credentials, fresh (an expired access token is refreshed).
 * The googleapis clients depend on an older google-auth-library whose client types differ from
 * ours, so calls carry this header instead of an `auth` object.
 * @throws the token endpoint's error (see isRevoked) when the grant no longer works.
 */
export async function authorizationHeader(
  auth: GoogleAuthClient,
): Promise<{ authorization: string }> {
  const headers = await auth.getRequestHeaders();
  const value = headers.get('authorization');
  if (!value) throw new Error('Google credentials gave no Authorization header');
  return { authorization: value };
}

/** The GA4 Admin API (v1beta) with the credentials' current header. */
export async function adminApi(
  auth: GoogleAuthClient,
  settings: Pick<GoogleSettings, 'adminRootUrl'>,
): Promise<analyticsadmin_v1beta.Analyticsadmin> {
  return analyticsadmin({
    version: 'v1beta',
    rootUrl: settings.adminRootUrl,
    headers: await authorizationHeader(auth),
  });
}

/** The GA4 Data API (v1beta) with the credentials' current header (one per batch of calls). */
export async function dataApi(
  auth: GoogleAuthClient,
  settings: Pick<GoogleSettings, 'dataRootUrl'>,
): Promise<analyticsdata_v1beta.Analyticsdata> {
  return analyticsdata({
    version: 'v1beta',
    rootUrl: settings.dataRootUrl,
    headers: await authorizationHeader(auth),
  });
}

/** The parts of a Google HTTP error (gaxios, either major version) isRevoked reads. */
interface HttpErrorShape {
  status?: unknown;
  response?: { status?: unknown; data?: unknown };
}

function googleErrorStatus(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const error = (data as { error?: unknown }).error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'string' ? status : undefined;
  }
  return undefined;
}

/**
 * Whether an error of a Google call means the credentials lost their access for good: the
 * token endpoint's `invalid_grant` (refresh token revoked or expired), 401, or 403
 * PERMISSION_DENIED (the user or the service account no longer reads the property). Quota
 * errors (429 RESOURCE_EXHAUSTED) and server errors are not.
 */
export function isRevoked(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as HttpErrorShape;
  const status = Number(e.response?.status ?? e.status);
  const code = googleErrorStatus(e.response?.data);
  if (code === 'invalid_grant') return true;
  if (status === 401) return true;
  return status === 403 && code === 'PERMISSION_DENIED';
}
