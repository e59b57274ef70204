import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ddbDocClient, s3Client } from '../../../layers/shared/aws/clients';
import { DynamoCompanies } from '../../../layers/shared/companies/dynamo-companies';
import { envString, readEnv } from '../../../layers/shared/env';
import { lazy } from '../../../layers/shared/lazy';
import { loadDmas } from '../../../layers/shared/reference/dmas';
import { ENV } from '../../../layers/shared/workers';
import { type MarketIndex, marketIndex } from '../core/markets';
import type { ImportDeps } from '../core/ports';
import { DynamoImportJobs } from './dynamo-import-jobs';
import { S3Lake } from './s3-lake';
import { S3Uploads } from './s3-uploads';

const tableEnv = z.object({ [ENV.companiesTable]: envString });

/** Reads one bucket variable when its adapter is first used. @throws naming the variable. */
function bucketFrom(
  env: NodeJS.ProcessEnv,
  name: typeof ENV.uploadsBucket | typeof ENV.lakeBucket,
) {
  return readEnv(z.object({ [name]: envString }), env)[name] as string;
}

/**
 * The import Lambdas' composition root: the table variable is parsed at cold start (throws
 * naming it); the bucket adapters are built on first use, so a route that never touches a bucket
 * needs neither its variable nor its permission. Clients and adapters live once per container. DMAs load lazily from
 * DATA_DIR (empty when absent, e.g. in AWS unless the data folder is packaged).
 */
export function buildImportDeps(env: NodeJS.ProcessEnv = process.env): ImportDeps {
  const table = readEnv(tableEnv, env)[ENV.companiesTable];
  let markets: Promise<MarketIndex> | null = null;
  return {
    jobs: new DynamoImportJobs(ddbDocClient(), table),
    uploads: lazy(() => new S3Uploads(s3Client(), bucketFrom(env, ENV.uploadsBucket))),
    lake: lazy(() => new S3Lake(s3Client(), bucketFrom(env, ENV.lakeBucket))),
    companies: new DynamoCompanies(ddbDocClient(), table),
    markets: () => {
      markets ??= loadDmas().then((dmas) => marketIndex(dmas.values()));
      return markets;
    },
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}
