import { z } from 'zod';
import { ddbDocClient } from '../../../layers/shared/aws/clients';
import { BUILD_ID_ENV, UNKNOWN_BUILD_ID } from '../../../layers/shared/build-id';
import type { CompaniesRepository } from '../../../layers/shared/companies/companies';
import { DynamoCompanies } from '../../../layers/shared/companies/dynamo-companies';
import { DynamoConnectionsStore } from '../../../layers/shared/connections/dynamo-connections-store';
import { envString, readEnv } from '../../../layers/shared/env';
import { ENV } from '../../../layers/shared/workers';
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
