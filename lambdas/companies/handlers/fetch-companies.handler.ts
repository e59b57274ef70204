import { z } from 'zod';
import { ddbDocClient } from '../../../layers/shared/aws/clients';
import type { CompaniesRepository } from '../../../layers/shared/companies/companies';
import { DynamoCompanies } from '../../../layers/shared/companies/dynamo-companies';
import { envString, readEnv } from '../../../layers/shared/env';
import { userRoute } from '../../../layers/shared/http/route-handler';
import { ENV } from '../../../layers/shared/workers';
import { fetchCompanies } from '../core/fetch-companies';
import { fetchCompaniesSchema } from './fetch-companies.schema';

/**
 * POST /ss_rest/fetch_companies (spec §7): `{ clients: [...] }` the caller can report on, with
 * the connection filters of `filters` applied.
 */
export function makeHandler(deps: () => { companies: CompaniesRepository }) {
  return userRoute(fetchCompaniesSchema, (input, { caller }) =>
    fetchCompanies(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
let companies: CompaniesRepository | undefined;
export const handler = makeHandler(() => {
  const env = readEnv(z.object({ [ENV.companiesTable]: envString }));
  companies ??= new DynamoCompanies(ddbDocClient(), env[ENV.companiesTable] as string);
  return { companies };
});
