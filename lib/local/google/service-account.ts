import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_ACCOUNT } from './directory';
import type { KeyPair } from './store';

/** A service account key file, in the JSON shape Google Cloud's console hands out. */
export interface ServiceAccountKey {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  /** PKCS#8 PEM. */
  private_key: string;
  client_email: string;
  client_id: string;
  auth_uri: string;
  token_uri: string;
  auth_provider_x509_cert_url: string;
  client_x509_cert_url: string;
  universe_domain: string;
}

/**
 * The seeded service account's key file for the stand-in at `baseUrl`, also written to
 * `<dir>/service-account.json` (mode 600) for a person to look at. The local stack hands the
 * same JSON to the Lambdas in GOOGLE_SECRET_JSON.
 */
export function writeServiceAccountKey(
  dir: string,
  key: KeyPair,
  baseUrl: string,
): ServiceAccountKey {
  const file: ServiceAccountKey = {
    type: 'service_account',
    project_id: SERVICE_ACCOUNT.projectId,
    private_key_id: key.kid,
    private_key: key.privatePem,
    client_email: SERVICE_ACCOUNT.email,
    client_id: SERVICE_ACCOUNT.clientId,
    auth_uri: `${baseUrl}/o/oauth2/auth`,
    token_uri: `${baseUrl}/token`,
    auth_provider_x509_cert_url: `${baseUrl}/oauth2/v1/certs`,
    client_x509_cert_url: `${baseUrl}/robot/v1/metadata/x509/${encodeURIComponent(SERVICE_ACCOUNT.email)}`,
    universe_domain: 'googleapis.com',
  };
  writeFileSync(join(dir, 'service-account.json'), `${JSON.stringify(file, null, 2)}\n`, {
    mode: 0o600,
  });
  return file;
}
