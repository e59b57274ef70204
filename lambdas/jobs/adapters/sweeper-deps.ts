import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { ddbDocClient } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { envString, readEnv } from '#shared/env';
import type { SweptJobKind } from '#shared/jobs/job-timeouts';
import { ENV } from '#shared/workers';
import { buildImportDeps } from '../../imports/adapters/import-deps';
import type { ImportDeps } from '../../imports/core/ports';
import { DynamoReportRuns } from '../../reports/adapters/dynamo-report-runs';
import type { SweepDeps, SweptJobs } from '../core/ports';
import { DynamoActiveJobs } from './dynamo-active-jobs';
import { DynamoSweptJobs } from './dynamo-swept-jobs';

/**
 * The swept jobs of every kind in the CompaniesTable `table`: a stopped import can run again on
 * its file (retry_import); generated reports and roll-ups show their reason as `error`.
 */
export function dynamoSweptJobs(
  db: DynamoDBDocumentClient,
  table: string,
): Record<SweptJobKind, SweptJobs> {
  return {
    import: new DynamoSweptJobs(db, table, 'IMPORT#', { retryable: true }),
    report: new DynamoSweptJobs(db, table, 'REPORT#'),
    generation: new DynamoSweptJobs(db, table, 'GENJOB#', {}, 'error'),
    org_reporting: new DynamoSweptJobs(db, table, 'GENJOB#', {}, 'error'),
  };
}

/**
 * The sweeper's dependencies from the environment (COMPANIES_TABLE, SESSIONS_TABLE for the
 * report runs' slots, LAKE_BUCKET).
 */
export function sweeperDeps(env: NodeJS.ProcessEnv = process.env): {
  sweep: SweepDeps;
  lake: Pick<ImportDeps, 'generations' | 'lake' | 'now'>;
} {
  const vars = readEnv(
    z.object({ [ENV.companiesTable]: envString, [ENV.sessionsTable]: envString }),
    env,
  );
  const table = vars[ENV.companiesTable] as string;
  const db = ddbDocClient();
  return {
    sweep: {
      index: new DynamoActiveJobs(db, table),
      jobs: dynamoSweptJobs(db, table),
      runSlots: new DynamoReportRuns(db, vars[ENV.sessionsTable] as string),
      clients: new DynamoCompanies(db, table),
      now: () => new Date(),
    },
    lake: buildImportDeps(env),
  };
}
