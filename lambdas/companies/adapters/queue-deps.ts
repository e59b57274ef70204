import { z } from 'zod';
import { ddbDocClient } from '#shared/aws/clients';
import { BUILD_ID_ENV, UNKNOWN_BUILD_ID } from '#shared/build-id';
import type { CompaniesRepository } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { DynamoConnectionsStore } from '#shared/connections/dynamo-connections-store';
import { envString, readEnv } from '#shared/env';
import { ENV } from '#shared/workers';
import type { CompanyQueueDeps } from '../core/company-queue';
import { DynamoQueueJobs } from './dynamo-queue-jobs';

// Built on the first request, reused by the container.
let built: Omit<CompanyQueueDeps, 'now'> | undefined;
/** The queue's ports on the CompaniesTable, and the deployed build id (APP_BUILD_ID). */
export function queueDeps(): CompanyQueueDeps {
  if (!built) {
    const env = readEnv(
      z.object({
        [ENV.companiesTable]: envString,
        [BUILD_ID_ENV]: z.string().min(1).max(64).default(UNKNOWN_BUILD_ID),
      }),
    );
    const db = ddbDocClient();
    const table = env[ENV.companiesTable] as string;
    const companies: CompaniesRepository = new DynamoCompanies(db, table);
    built = {
      companies,
      jobs: new DynamoQueueJobs(db, table, new DynamoConnectionsStore(db, table)),
      version: env[BUILD_ID_ENV] as string,
    };
  }
  return { ...built, now: () => new Date() };
}
