import type { LocalGoogle } from './google-server';

/**
 * The environment the local Lambdas get for Google (names read by
 * lambdas/connections/adapters/google-config.ts), pointed at the stand-in: the OAuth client, the
 * secret JSON `{client_secret, service_account_key}` (the key as PEM, as in AWS's secret), the
 * service account's e-mail, Google's OAuth and API addresses, and `siteUrl`, the origin of the
 * connection links and of the OAuth redirect `<siteUrl>/finish`.
 */
export function googleEnv(google: LocalGoogle, siteUrl: string): Record<string, string> {
  return {
    GOOGLE_OAUTH_CLIENT_ID: google.clientId,
    GOOGLE_SECRET_JSON: JSON.stringify({
      client_secret: google.clientSecret,
      service_account_key: google.serviceAccountKey.private_key,
    }),
    GOOGLE_SERVICE_ACCOUNT_EMAIL: google.serviceAccountEmail,
    GOOGLE_OAUTH_AUTH_URL: google.endpoints.authUrl,
    GOOGLE_OAUTH_TOKEN_URL: google.endpoints.tokenUrl,
    GOOGLE_OAUTH_REVOKE_URL: google.endpoints.revokeUrl,
    GA_ADMIN_ROOT_URL: google.endpoints.adminRootUrl,
    GA_DATA_ROOT_URL: google.endpoints.dataRootUrl,
    CONNECT_SITE_URL: siteUrl,
  };
}
