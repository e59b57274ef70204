import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ddbDocClient, s3Client } from '../../../layers/shared/aws/clients';
import { DynamoCompanies } from '../../../layers/shared/companies/dynamo-companies';
import { envString, readEnv } from '../../../layers/shared/env';
import { loadDmas } from '../../../layers/shared/reference/dmas';
import { ENV } from '../../../layers/shared/workers';
import { type MarketIndex, marketIndex } from '../core/markets';
import type { ImportDeps } from '../core/ports';
import { DynamoImportJobs } from './dynamo-import-jobs';
import { S3Lake } from './s3-lake';
import { S3Uploads } from './s3-uploads';

const envSchema = z.object({
  [ENV.companiesTable]: envString,
  [ENV.uploadsBucket]: envString,
  [ENV.lakeBucket]: envString,
});

/**
 * The import Lambdas' composition root: env parsed at cold start (throws naming a missing
 * variable), AWS clients and adapters built once per container. DMAs load lazily from
 * DATA_DIR (empty when absent, e.g. in AWS unless the data folder is packaged).
 */
export function buildImportDeps(env: NodeJS.ProcessEnv = process.env): ImportDeps {
  const vars = readEnv(envSchema, env);
  const table = vars[ENV.companiesTable];
  let markets: Promise<MarketIndex> | null = null;
  return {
    jobs: new DynamoImportJobs(ddbDocClient(), table),
    uploads: new S3Uploads(s3Client(), vars[ENV.uploadsBucket]),
    lake: new S3Lake(s3Client(), vars[ENV.lakeBucket]),
    companies: new DynamoCompanies(ddbDocClient(), table),
    markets: () => {
      markets ??= loadDmas().then((dmas) => marketIndex(dmas.values()));
      return markets;
    },
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}
