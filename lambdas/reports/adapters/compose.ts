import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { athenaClient, ddbDocClient, s3Client, sfnClient, sqsClient } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { DynamoConnectionsStore } from '#shared/connections/dynamo-connections-store';
import { envString, readEnv } from '#shared/env';
import { DynamoLakeGenerationReader } from '#shared/lake-generations';
import { lazy as lazyAdapter } from '#shared/lazy';
import { DynamoLocations } from '#shared/locations/dynamo-locations';
import { ENV } from '#shared/workers';
import { marketWorkers } from '../../attribution/adapters/market-workers';
import { ratingsSourcesFromEnv } from '../../ratings/adapters/ratings-deps';
import { attributionEngineWith } from '../core/engine';
import type { Clock, Ids, QueryEngine } from '../core/ports';
import type { StepDeps } from '../core/steps';
import { AthenaQueryEngine } from './athena-query-engine';
import { DuckDbQueryEngine } from './duckdb-query-engine';
import { DynamoIndustryBenchmarks } from './dynamo-industry-benchmarks';
import { DynamoReportJobs } from './dynamo-report-jobs';
import { DynamoReportRuns } from './dynamo-report-runs';
import { S3ReportStore } from './s3-report-store';
import { SfnExecutions } from './sfn-executions';
import { SqsReportQueue } from './sqs-report-queue';

/**
 * Builders used by the report handlers' composition roots. Each reads only the variables its
 * adapter needs (layers/shared/workers.ts ENV), parsed with zod: a missing one fails at the
 * first invocation with its name. Handlers wrap them in `lazy` so importing a handler module
 * (tests) builds nothing.
 */

/** Memoises a factory: built on first call, then reused for the container's life. */
export function lazy<T>(make: () => T): () => T {
  let value: { v: T } | undefined;
  return () => {
    value ??= { v: make() };
    return value.v;
  };
}

/** Reads one required variable. @throws Error naming it when missing. */
export function envVar(name: string): string {
  return readEnv(z.object({ [name]: envString }))[name] as string;
}

export const systemClock: Clock = { now: () => new Date() };
export const uuidIds: Ids = { next: () => randomUUID() };

export const companiesFromEnv = () =>
  new DynamoCompanies(ddbDocClient(), envVar(ENV.companiesTable));
/** Industry Insights contributions on the CompaniesTable. */
export const benchmarksFromEnv = () =>
  new DynamoIndustryBenchmarks(ddbDocClient(), envVar(ENV.companiesTable));
export const jobsFromEnv = () => new DynamoReportJobs(ddbDocClient(), envVar(ENV.companiesTable));
export const storeFromEnv = () => new S3ReportStore(s3Client(), envVar(ENV.reportsBucket));
/** The per-client report-run throttle (SESSIONS_TABLE; core/run-throttle.ts). */
export const reportRunsFromEnv = () =>
  new DynamoReportRuns(ddbDocClient(), envVar(ENV.sessionsTable));
export const queueFromEnv = () => new SqsReportQueue(sqsClient(), envVar(ENV.reportQueueUrl));
export const executionsFromEnv = () =>
  new SfnExecutions(sfnClient(), envVar(ENV.reportStateMachineArn));

/** The QueryEngine chosen by QUERY_ENGINE: 'athena' (AWS) or 'duckdb' (local). */
export function queryEngineFromEnv(): QueryEngine {
  const kind = readEnv(z.object({ [ENV.queryEngine]: z.enum(['athena', 'duckdb']) }))[
    ENV.queryEngine
  ];
  // Each query reads the dataset's current generation, so an import is seen whole or not at all.
  const generations = new DynamoLakeGenerationReader(ddbDocClient(), envVar(ENV.companiesTable));
  if (kind === 'duckdb') return new DuckDbQueryEngine(envVar(ENV.duckdbLakeDir), generations);
  return new AthenaQueryEngine({
    athena: athenaClient(),
    s3: s3Client(),
    workgroup: envVar(ENV.athenaWorkgroup),
    database: envVar(ENV.glueDatabase),
    unloadUri: envVar(ENV.athenaUnloadUri),
    generations,
  });
}

/** Dependencies of the state-machine steps (QUERY_ENGINE picks Athena or DuckDB). */
export const stepDepsFromEnv = (): StepDeps => ({
  // Only Extract queries the lake: the other steps never need Athena's variables or grants.
  query: lazyAdapter(queryEngineFromEnv),
  store: storeFromEnv(),
  jobs: jobsFromEnv(),
  companies: companiesFromEnv(),
  engine: attributionEngineWith(marketWorkers()),
  clock: systemClock,
  benchmarks: benchmarksFromEnv(),
  // Only Store gives a run slot back: the other steps never need the SessionsTable.
  runs: lazyAdapter(reportRunsFromEnv),
  // Aggregate reads the client's connected properties (why its visits are hourly).
  connections: lazyAdapter(
    () => new DynamoConnectionsStore(ddbDocClient(), envVar(ENV.companiesTable)),
  ),
  // Extract reads the client's store locations (opening hours, nicknames).
  locations: lazyAdapter(() => new DynamoLocations(ddbDocClient(), envVar(ENV.companiesTable))),
  // Store files the report's response ratings contributions (lambdas/ratings).
  ratings: lazyAdapter(ratingsSourcesFromEnv),
});
