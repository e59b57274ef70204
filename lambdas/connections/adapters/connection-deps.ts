import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ddbDocClient, sqsClient } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { DynamoConnectionRequests } from '#shared/connections/dynamo-connection-requests';
import { DynamoConnectionsStore } from '#shared/connections/dynamo-connections-store';
import { tokenVaultFromEnv } from '#shared/connections/token-vault';
import { envString, readEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { ENV } from '#shared/workers';
import { mailerFromEnv } from '../../comms/adapters/mailer-from-env';
import type { ConnectionDeps } from '../core/ports';
import { DynamoOAuthSessions } from './dynamo-oauth-sessions';
import { GOOGLE_ENV, googleSettingsLoader } from './google-config';
import { GoogleApiGateway } from './google-gateway';
import { SqsPullQueue } from './sqs-pull-queue';

/** Reads one required variable. @throws Error naming it. */
const required = (env: NodeJS.ProcessEnv, name: string) =>
  readEnv(z.object({ [name]: envString }), env)[name] as string;

/**
 * The connection routes' composition root (house-style item 5). Every adapter is built on first
 * use (layers/shared/lazy.ts), so a route needs only the variables and grants of what it
 * touches: COMPANIES_TABLE (clients, connections, requests), SESSIONS_TABLE (sign-ins and
 * pending grants), the token vault (TOKEN_KMS_KEY_ID or TOKEN_KEY_FILE), the Google settings
 * (google-config.ts), GA_PULL_QUEUE_URL, and MAIL_OUTBOX_DIR or MAIL_FROM.
 * CONNECT_SITE_URL is the origin of the links (read directly, so connect_url needs no Google
 * secret).
 */
export function connectionDepsFromEnv(env: NodeJS.ProcessEnv = process.env): ConnectionDeps {
  const companiesTable = () => required(env, ENV.companiesTable);
  const settings = googleSettingsLoader(env);
  return {
    companies: lazy(() => new DynamoCompanies(ddbDocClient(), companiesTable())),
    connections: lazy(() => new DynamoConnectionsStore(ddbDocClient(), companiesTable())),
    requests: lazy(() => new DynamoConnectionRequests(ddbDocClient(), companiesTable())),
    sessions: lazy(() => new DynamoOAuthSessions(ddbDocClient(), required(env, ENV.sessionsTable))),
    vault: lazy(() => tokenVaultFromEnv(env)),
    google: new GoogleApiGateway(settings),
    queue: lazy(() => new SqsPullQueue(sqsClient(), required(env, ENV.gaPullQueueUrl))),
    mailer: mailerFromEnv(env),
    get siteOrigin() {
      return new URL(required(env, GOOGLE_ENV.connectSiteUrl)).origin;
    },
    now: () => new Date(),
    randomToken: () => randomBytes(32).toString('base64url'),
    newId: () => randomUUID(),
  };
}

let shared: ConnectionDeps | undefined;
/** The container's one ConnectionDeps, built on the first request (every handler's root). */
export const connectionDeps = (): ConnectionDeps => {
  shared ??= connectionDepsFromEnv();
  return shared;
};
