import { randomUUID } from 'node:crypto';
import { ddbDocClient, s3Client, sfnClient, sqsClient } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { lazy as lazyAdapter } from '#shared/lazy';
import { ENV } from '#shared/workers';
import { marketWorkers } from '../../attribution/adapters/market-workers';
import { DynamoCampaigns } from '../../campaigns/adapters/dynamo-campaigns';
import { envVar, queryEngineFromEnv, systemClock } from '../../reports/adapters/compose';
import { pdfRendererFromEnv } from '../../reports/adapters/pdf-deps';
import { attributionEngineWith } from '../../reports/core/engine';
import type { StartDeps, StepDeps } from '../core/generate';
import { engineStats } from '../core/org-rollup-engine';
import { enginePeriodReports } from '../core/period-reports';
import type { BuildDeps } from '../core/ports';
import {
  DynamoFamilyJobs,
  DynamoUserJobIndex,
  S3FamilyFiles,
  SfnGenerateExecutions,
  SqsGenerateQueue,
} from './family-adapters';
import { orgPorts } from './org-family-deps';

/**
 * Builders of the families' composition roots. Each reads only the variables its adapter needs
 * (layers/shared/workers.ts ENV); handlers wrap them in `lazy`, so importing a handler builds
 * nothing.
 */

export { lazy } from '../../reports/adapters/compose';

const table = () => envVar(ENV.companiesTable);
export const familyJobsFromEnv = () => new DynamoFamilyJobs(ddbDocClient(), table());
export const familyFilesFromEnv = () => new S3FamilyFiles(s3Client(), envVar(ENV.reportsBucket));
export const companiesFromEnv = () => new DynamoCompanies(ddbDocClient(), table());
export const generateExecutionsFromEnv = () =>
  new SfnGenerateExecutions(sfnClient(), envVar(ENV.generateStateMachineArn));

/** What a generate route needs: the table, the queue. */
export const startDepsFromEnv = (): StartDeps => ({
  companies: companiesFromEnv(),
  jobs: familyJobsFromEnv(),
  queue: new SqsGenerateQueue(sqsClient(), envVar(ENV.generateQueueUrl)),
  index: new DynamoUserJobIndex(ddbDocClient(), table()),
  clock: systemClock,
  ids: { next: () => randomUUID() },
});

/** What the builders read: clients, campaigns, the engine over the lake (QUERY_ENGINE). */
export const buildDepsFromEnv = (): BuildDeps => ({
  companies: companiesFromEnv(),
  // Only Build queries the lake: Render never needs Athena's variables or grants.
  periods: enginePeriodReports({
    query: lazyAdapter(queryEngineFromEnv),
    engine: attributionEngineWith(marketWorkers()),
  }),
  clock: systemClock,
  campaigns: new DynamoCampaigns(ddbDocClient(), table()),
  // The organisation families (station month, advertiser, activity): built when one is asked.
  org: lazyAdapter(() =>
    orgPorts(
      engineStats({
        query: lazyAdapter(queryEngineFromEnv),
        engine: attributionEngineWith(marketWorkers()),
      }),
    ),
  ),
});

/** What the Generate steps need (Build reads the lake, Render prints). */
export const stepDepsFromEnv = (): StepDeps => ({
  build: buildDepsFromEnv(),
  render: { renderer: lazyAdapter(pdfRendererFromEnv), clock: systemClock },
  jobs: familyJobsFromEnv(),
  files: familyFilesFromEnv(),
});
