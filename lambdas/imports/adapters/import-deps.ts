import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ddbDocClient, s3Client } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import type { Station } from '#shared/contracts/stations.schema';
import { envString, readEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { DynamoLocations } from '#shared/locations/dynamo-locations';
import { ENV } from '#shared/workers';
// The DMAs live in the reference lists on the same table, kept by the reference context.
import { DynamoReference } from '../../reference/adapters/dynamo-reference';
import { DynamoStations } from '../../reference/adapters/dynamo-stations';
import { cachedStations } from '../../reference/core/stations';
import { cachedMarkets, type DmaInfo } from '../core/markets';
import type { ImportDeps } from '../core/ports';
import { DynamoImportJobs } from './dynamo-import-jobs';
import { DynamoLakeGenerations } from './dynamo-lake-generations';
import { S3Lake } from './s3-lake';
import { S3Uploads } from './s3-uploads';

const tableEnv = z.object({ [ENV.companiesTable]: envString });

/** The reference station list, read on first use and kept in the container (cachedStations). */
function stationList(table: string): () => Promise<readonly Station[]> {
  const source = cachedStations(new DynamoStations(ddbDocClient(), table), Date.now);
  return () => source.stations();
}

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
 * needs neither its variable nor its permission. Clients and adapters live once per container.
 * The DMAs are read from the reference table's `dmas` list (seeded on deploy, and on every
 * local start) by the first import that needs them, then kept for the container's life: the
 * same path locally and in AWS, and no data folder is needed. The station list (for the
 * report's unmatched stations) is read the same way and kept for 15 minutes.
 */
export function buildImportDeps(env: NodeJS.ProcessEnv = process.env): ImportDeps {
  const table = readEnv(tableEnv, env)[ENV.companiesTable];
  return {
    jobs: new DynamoImportJobs(ddbDocClient(), table),
    uploads: lazy(() => new S3Uploads(s3Client(), bucketFrom(env, ENV.uploadsBucket))),
    lake: lazy(() => new S3Lake(s3Client(), bucketFrom(env, ENV.lakeBucket))),
    generations: new DynamoLakeGenerations(ddbDocClient(), table),
    companies: new DynamoCompanies(ddbDocClient(), table),
    markets: cachedMarkets(() => new DynamoReference(ddbDocClient(), table).get<DmaInfo>('dmas')),
    stations: stationList(table),
    now: () => new Date(),
    newId: () => randomUUID(),
    knownStores: new DynamoLocations(ddbDocClient(), table),
  };
}
