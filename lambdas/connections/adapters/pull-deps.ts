import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient, s3Client, sqsClient } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { refreshClientConnectionStatus } from '#shared/connections/client-status';
import { DynamoConnectionRequests } from '#shared/connections/dynamo-connection-requests';
import { DynamoConnectionsStore } from '#shared/connections/dynamo-connections-store';
import { tokenVaultFromEnv } from '#shared/connections/token-vault';
import { envString, readEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { dmaForPlace } from '#shared/reference/geo-dma';
import { ENV } from '#shared/workers';
import { mailerFromEnv } from '../../comms/adapters/mailer-from-env';
import { DynamoLakeGenerations } from '../../imports/adapters/dynamo-lake-generations';
import { S3Lake } from '../../imports/adapters/s3-lake';
import { mailAccessLost } from '../core/access-lost-mail';
import type { PullDeps } from '../core/pull/ports';
import { Ga4DataApi } from './ga4-data';
import { authClientFor, dataApi } from './google-clients';
import { googleSettingsLoader } from './google-config';
import { S3Ga4Staging } from './s3-ga4-staging';
import { SqsPullQueue } from './sqs-pull-queue';

const pullEnv = z.object({
  [ENV.companiesTable]: envString,
  [ENV.lakeBucket]: envString,
  [ENV.gaPullQueueUrl]: envString,
});

/**
 * The GA4 pull's composition root: COMPANIES_TABLE (connections, pull states, the lake's
 * generation pointers, the client and its owners), LAKE_BUCKET (staged GA4 days and the visits
 * partitions), GA_PULL_QUEUE_URL, the Google settings (google-config.ts: read on first pull) and
 * the token vault (KMS or the local key file). Clients live once per container.
 * @throws Error naming a missing variable (at cold start for the three above).
 */
export function pullDepsFromEnv(env: NodeJS.ProcessEnv = process.env): PullDeps {
  const vars = readEnv(pullEnv, env);
  const table = vars[ENV.companiesTable] as string;
  const bucket = vars[ENV.lakeBucket] as string;
  const db = ddbDocClient();
  const settings = googleSettingsLoader(env);
  const vault = lazy(() => tokenVaultFromEnv(env));
  const store = new DynamoConnectionsStore(db, table);
  const companies = new DynamoCompanies(db, table);
  const now = () => new Date();
  return {
    store,
    ga4: new Ga4DataApi(async (connection) => {
      const s = await settings();
      return dataApi(await authClientFor(connection, { settings: s, vault }), s);
    }),
    staging: new S3Ga4Staging(s3Client(), bucket),
    lake: new S3Lake(s3Client(), bucket),
    generations: new DynamoLakeGenerations(db, table),
    queue: new SqsPullQueue(sqsClient(), vars[ENV.gaPullQueueUrl] as string),
    events: {
      refreshClientStatus: async (clientUid) => {
        const requests = new DynamoConnectionRequests(db, table);
        await refreshClientConnectionStatus(
          { connections: store, requests, companies, now },
          clientUid,
        );
      },
      visitsLanded: async (clientUid) => {
        const client = await companies.getClient(clientUid);
        if (client && client.has_visits !== true)
          await companies.updateClient(clientUid, { has_visits: true });
      },
      accessLost: async (connection) => {
        const { siteOrigin } = await settings();
        const accounts = new DynamoAccounts(db, table);
        await mailAccessLost(
          { companies, accounts, mailer: mailerFromEnv(env), siteOrigin },
          connection,
        );
      },
    },
    dmaFor: dmaForPlace,
    newId: () => randomUUID(),
    now,
  };
}

/** The schedule's composition root: the table and the queue only. */
export function scheduleDepsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Pick<PullDeps, 'store' | 'queue' | 'now'> {
  const vars = readEnv(
    z.object({ [ENV.companiesTable]: envString, [ENV.gaPullQueueUrl]: envString }),
    env,
  );
  return {
    store: new DynamoConnectionsStore(ddbDocClient(), vars[ENV.companiesTable] as string),
    queue: new SqsPullQueue(sqsClient(), vars[ENV.gaPullQueueUrl] as string),
    now: () => new Date(),
  };
}
