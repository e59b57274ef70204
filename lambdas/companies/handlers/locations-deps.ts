import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ddbDocClient } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { envString, readEnv } from '#shared/env';
import { DynamoLocations } from '#shared/locations/dynamo-locations';
import { ENV } from '#shared/workers';
import type { LocationDeps } from '../core/locations';

// Composition root of the location routes: built on the first request, reused by the container.
let deps: LocationDeps | undefined;

/** The location routes' adapters on the CompaniesTable (COMPANIES_TABLE). */
export function locationDepsFromEnv(): LocationDeps {
  if (deps) return deps;
  const env = readEnv(z.object({ [ENV.companiesTable]: envString }));
  const table = env[ENV.companiesTable] as string;
  deps = {
    companies: new DynamoCompanies(ddbDocClient(), table),
    locations: new DynamoLocations(ddbDocClient(), table),
    newId: () => randomUUID(),
  };
  return deps;
}
