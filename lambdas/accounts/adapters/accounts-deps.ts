import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { z } from 'zod';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import { DynamoSubscriptionReader } from '#shared/billing/dynamo-subscriptions';
import type { EntitlementDeps } from '#shared/billing/entitlements';
import type { CompaniesRepository } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { envString, readEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { ENV } from '#shared/workers';
import { DynamoStations } from '../../reference/adapters/dynamo-stations';
import { cachedStations, stationById } from '../../reference/core/stations';
import type { StationSource } from '../../reference/core/stations-ports';
import type { IdentitySettings } from '../core/auth-config';
import type { AccountsDeps, Mailer } from '../core/ports';
import type { StationLookup } from '../core/station-choice';
import { CognitoIdentity } from './cognito-identity';
import { CognitoMfa } from './cognito-mfa';
import { DynamoMfaSessions } from './dynamo-mfa-sessions';
import { DynamoOneTimeTokens } from './dynamo-one-time-tokens';
import { DynamoRateLimiter } from './dynamo-rate-limiter';
import { DynamoVerificationCodes } from './dynamo-verification-codes';
import { OutboxMailer } from './outbox-mailer';
import { randomSecret, randomSixDigits } from './secret-hash';
import { SesMailer } from './ses-mailer';

/** What the account handlers run with: the use-case ports and the clients repository. */
export interface AccountsRuntime {
  deps: AccountsDeps;
  companies: CompaniesRepository;
  /** The billing copies get_session's available_products come from (spec §6). */
  entitlements?: EntitlementDeps;
}

/**
 * The reference station list as registration and update_profile check a primary station
 * against it: read on first use, kept in the container (cachedStations).
 */
function stationLookup(table: () => string): StationLookup {
  let source: StationSource | undefined;
  return {
    stationById: (id) => {
      source ??= cachedStations(new DynamoStations(ddbDocClient(), table()), Date.now);
      return stationById(source, id);
    },
  };
}

/** Reads named required variables. @throws Error naming each missing one. */
function required<K extends string>(env: NodeJS.ProcessEnv, ...names: K[]): Record<K, string> {
  const shape = Object.fromEntries(names.map((n) => [n, envString]));
  return readEnv(z.object(shape), env) as Record<K, string>;
}

/**
 * The mailer: the local outbox when MAIL_OUTBOX_DIR is set (local stack), SES from MAIL_FROM
 * otherwise. Other account routes (update_share) use it too.
 * @throws Error naming MAIL_FROM when neither is set (at first send: built lazily).
 */
export function buildMailer(env: NodeJS.ProcessEnv = process.env): Mailer {
  const outbox = env[ENV.mailOutboxDir];
  if (outbox) return new OutboxMailer(outbox);
  return lazy(() => new SesMailer(new SESv2Client({}), required(env, ENV.mailFrom)[ENV.mailFrom]));
}

/**
 * The identity settings (USER_POOL_ID, USER_POOL_CLIENT_ID, AWS_REGION required; COGNITO_DOMAIN,
 * COGNITO_ENDPOINT_PUBLIC, APP_ORIGIN optional). @throws Error naming a missing variable.
 */
export function identitySettings(env: NodeJS.ProcessEnv = process.env): IdentitySettings {
  const e = required(env, ENV.userPoolId, ENV.userPoolClientId, 'AWS_REGION');
  return {
    userPoolId: e[ENV.userPoolId],
    clientId: e[ENV.userPoolClientId],
    region: e.AWS_REGION,
    publicEndpoint: env[ENV.cognitoEndpointPublic] ?? '',
    cognitoDomain: env[ENV.cognitoDomain] ?? '',
    appOrigin: (env[ENV.appOrigin] ?? '').replace(/\/+$/, ''),
  };
}

/**
 * The account routes' composition root (house-style item 5). Every adapter is built on first
 * use (layers/shared/lazy.ts), so e.g. get_session needs neither the user pool nor the
 * SessionsTable variables. Variables: COMPANIES_TABLE (profiles, organisations), SESSIONS_TABLE
 * (one-time tokens, codes, counters), USER_POOL_ID, USER_POOL_CLIENT_ID, COGNITO_ISSUER,
 * COGNITO_DOMAIN (optional), APP_ORIGIN, and MAIL_OUTBOX_DIR or MAIL_FROM.
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points the Cognito client at cognito-local.
 */
export function buildAccountsRuntime(env: NodeJS.ProcessEnv = process.env): AccountsRuntime {
  const companiesTable = () => required(env, ENV.companiesTable)[ENV.companiesTable];
  const sessionsTable = () => required(env, ENV.sessionsTable)[ENV.sessionsTable];
  const now = () => new Date();
  const deps: AccountsDeps = {
    identity: lazy(() => {
      const e = required(env, ENV.userPoolId, ENV.userPoolClientId, ENV.cognitoIssuer);
      const client = new CognitoIdentityProviderClient({
        endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER || undefined,
      });
      return new CognitoIdentity(client, {
        userPoolId: e[ENV.userPoolId],
        clientId: e[ENV.userPoolClientId],
        issuer: e[ENV.cognitoIssuer],
        domain: env[ENV.cognitoDomain] ?? '',
      });
    }),
    accounts: lazy(() => new DynamoAccounts(ddbDocClient(), companiesTable())),
    tokens: lazy(() => new DynamoOneTimeTokens(ddbDocClient(), sessionsTable())),
    codes: lazy(() => new DynamoVerificationCodes(ddbDocClient(), sessionsTable())),
    limiter: lazy(() => new DynamoRateLimiter(ddbDocClient(), sessionsTable())),
    mailer: buildMailer(env),
    get appOrigin() {
      return required(env, ENV.appOrigin)[ENV.appOrigin].replace(/\/+$/, '');
    },
    now,
    randomToken: randomSecret,
    randomCode: randomSixDigits,
    newId: () => randomUUID(),
    mfa: {
      authenticator: lazy(
        () =>
          new CognitoMfa(
            new CognitoIdentityProviderClient({
              endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER || undefined,
            }),
            required(env, ENV.userPoolClientId)[ENV.userPoolClientId],
          ),
      ),
      sessions: lazy(() => new DynamoMfaSessions(ddbDocClient(), sessionsTable())),
    },
    stations: stationLookup(companiesTable),
  };
  return {
    deps,
    companies: lazy(() => new DynamoCompanies(ddbDocClient(), companiesTable())),
    entitlements: {
      memberships: deps.accounts,
      subscriptions: lazy(() => new DynamoSubscriptionReader(ddbDocClient(), companiesTable())),
    },
  };
}

let runtime: AccountsRuntime | undefined;

/** The container's one AccountsRuntime, built on the first request. */
export function accountsRuntime(): AccountsRuntime {
  runtime ??= buildAccountsRuntime();
  return runtime;
}
