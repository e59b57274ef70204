import { z } from 'zod';
import { ddbDocClient } from '../aws/clients';
import { envString, readEnv } from '../env';
import { ENV } from '../workers';
import { DynamoCreatives } from './dynamo-creatives';

/** The creatives store of a Lambda (COMPANIES_TABLE). @throws Error naming a missing variable. */
export function creativesFromEnv(): DynamoCreatives {
  const env = readEnv(z.object({ [ENV.companiesTable]: envString }));
  return new DynamoCreatives(ddbDocClient(), env[ENV.companiesTable] as string);
}
