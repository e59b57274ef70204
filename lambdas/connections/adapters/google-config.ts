import { z } from 'zod';
import { parseSecretJson, type SecretReader, secretsManagerReader } from '#shared/aws/secrets';
import { readEnv } from '#shared/env';
import { lazyAsync } from '#shared/lazy';

/** The environment variables of the Google side (set by CDK in AWS, by the local stack locally). */
export const GOOGLE_ENV = {
  oauthClientId: 'GOOGLE_OAUTH_CLIENT_ID',
  /** AWS: Secrets Manager secret, JSON `{ client_secret, service_account_key }`. */
  secretArn: 'GOOGLE_SECRET_ARN',
  /** Local: the same JSON, inline (instead of the secret). */
  secretJson: 'GOOGLE_SECRET_JSON',
  serviceAccountEmail: 'GOOGLE_SERVICE_ACCOUNT_EMAIL',
  oauthAuthUrl: 'GOOGLE_OAUTH_AUTH_URL',
  oauthTokenUrl: 'GOOGLE_OAUTH_TOKEN_URL',
  oauthRevokeUrl: 'GOOGLE_OAUTH_REVOKE_URL',
  adminRootUrl: 'GA_ADMIN_ROOT_URL',
  dataRootUrl: 'GA_DATA_ROOT_URL',
  /** Origin of the site pages: connection links and the OAuth redirect `<origin>/finish`. */
  connectSiteUrl: 'CONNECT_SITE_URL',
} as const;

/** Google's own addresses: the defaults when the variables are unset (AWS). */
export const GOOGLE_DEFAULTS = {
  oauthAuthUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  oauthTokenUrl: 'https://oauth2.googleapis.com/token',
  oauthRevokeUrl: 'https://oauth2.googleapis.com/revoke',
  adminRootUrl: 'https://analyticsadmin.googleapis.com/',
  dataRootUrl: 'https://analyticsdata.googleapis.com/',
} as const;

/** Everything the connection routes and the pull need to talk to Google. */
export interface GoogleSettings {
  oauthClientId: string;
  oauthClientSecret: string;
  /** The product's service account (Viewer access): its e-mail and PEM private key. */
  serviceAccountEmail: string;
  serviceAccountKey: string;
  oauthAuthUrl: string;
  oauthTokenUrl: string;
  oauthRevokeUrl: string;
  /** Root URLs of the Admin and Data APIs, with a trailing slash (googleapis' `rootUrl`). */
  adminRootUrl: string;
  dataRootUrl: string;
  /** Site origin without a trailing slash, e.g. `https://app.example.com`. */
  siteOrigin: string;
  /** `<siteOrigin>/finish`: where Google sends the user back with `code` and `state`. */
  redirectUri: string;
}

const url = z.url();
const envSchema = z.object({
  [GOOGLE_ENV.oauthClientId]: z.string().min(1),
  [GOOGLE_ENV.secretArn]: z.string().min(1).optional(),
  [GOOGLE_ENV.secretJson]: z.string().min(1).optional(),
  [GOOGLE_ENV.serviceAccountEmail]: z.string().min(1),
  [GOOGLE_ENV.oauthAuthUrl]: url.default(GOOGLE_DEFAULTS.oauthAuthUrl),
  [GOOGLE_ENV.oauthTokenUrl]: url.default(GOOGLE_DEFAULTS.oauthTokenUrl),
  [GOOGLE_ENV.oauthRevokeUrl]: url.default(GOOGLE_DEFAULTS.oauthRevokeUrl),
  [GOOGLE_ENV.adminRootUrl]: url.default(GOOGLE_DEFAULTS.adminRootUrl),
  [GOOGLE_ENV.dataRootUrl]: url.default(GOOGLE_DEFAULTS.dataRootUrl),
  [GOOGLE_ENV.connectSiteUrl]: url,
});

const secretSchema = z.object({
  client_secret: z.string().min(1),
  service_account_key: z.string().min(1),
});

const slash = (u: string) => (u.endsWith('/') ? u : `${u}/`);

/**
 * The settings, resolved on first call and cached (one Secrets Manager read per container); a
 * failed read is not cached, so the next request retries.
 * @throws Error naming the bad variables (readEnv), or GOOGLE_SECRET_ARN / GOOGLE_SECRET_JSON
 *   when neither is set, or when the secret is not the expected JSON.
 */
export function googleSettingsLoader(
  env: NodeJS.ProcessEnv = process.env,
  readSecret: SecretReader = secretsManagerReader,
): () => Promise<GoogleSettings> {
  return lazyAsync(async (): Promise<GoogleSettings> => {
    const e = readEnv(envSchema, env);
    const inline = e[GOOGLE_ENV.secretJson];
    const arn = e[GOOGLE_ENV.secretArn];
    if (!inline && !arn)
      throw new Error(`Bad environment: set ${GOOGLE_ENV.secretJson} or ${GOOGLE_ENV.secretArn}`);
    const secret = parseSecretJson(
      inline ?? (await readSecret(arn as string)),
      secretSchema,
      'Google',
    );
    const siteOrigin = new URL(e[GOOGLE_ENV.connectSiteUrl]).origin;
    return {
      oauthClientId: e[GOOGLE_ENV.oauthClientId],
      oauthClientSecret: secret.client_secret,
      serviceAccountEmail: e[GOOGLE_ENV.serviceAccountEmail],
      serviceAccountKey: secret.service_account_key,
      oauthAuthUrl: e[GOOGLE_ENV.oauthAuthUrl],
      oauthTokenUrl: e[GOOGLE_ENV.oauthTokenUrl],
      oauthRevokeUrl: e[GOOGLE_ENV.oauthRevokeUrl],
      adminRootUrl: slash(e[GOOGLE_ENV.adminRootUrl]),
      dataRootUrl: slash(e[GOOGLE_ENV.dataRootUrl]),
      siteOrigin,
      redirectUri: `${siteOrigin}/finish`,
    };
  });
}
