import { z } from 'zod';
import { ddbDocClient } from '#shared/aws/clients';
import { envString, readEnv } from '#shared/env';
import { ENV } from '#shared/workers';
import type { FetchCompaniesDeps } from '../core/fetch-companies';
import { CachedCompanies } from './cached-companies';
import { DynamoCompanyPrefs } from './dynamo-company-prefs';
import { DynamoOrgDirectory } from './dynamo-org-directory';
import { UserPartition } from './user-partition';

let deps: Required<Pick<FetchCompaniesDeps, 'companies' | 'prefs' | 'orgs'>> | undefined;

/**
 * The task list's adapters (fetch_companies, save_filters, save_favorite), built on first use
 * and kept by the container, so the cached client lists (CachedCompanies) and organisation
 * labels (DynamoOrgDirectory) live as long as it does. Reads COMPANIES_TABLE.
 */
export function companyListDeps(): Required<
  Pick<FetchCompaniesDeps, 'companies' | 'prefs' | 'orgs'>
> {
  if (deps) return deps;
  const env = readEnv(z.object({ [ENV.companiesTable]: envString }));
  const table = env[ENV.companiesTable] as string;
  const db = ddbDocClient();
  const users = new UserPartition(db, table);
  deps = {
    companies: new CachedCompanies(db, table, users),
    prefs: new DynamoCompanyPrefs(db, table, users),
    orgs: new DynamoOrgDirectory(db, table),
  };
  return deps;
}
