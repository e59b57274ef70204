import { z } from 'zod';
import { ddbDocClient } from '../../../layers/shared/aws/clients';
import { envString, readEnv } from '../../../layers/shared/env';
import { lazy } from '../../../layers/shared/lazy';
import { logger } from '../../../layers/shared/logger';
import { workerHandler } from '../../../layers/shared/worker-handler';
import { ENV, JOB_SWEEPER_WORKER } from '../../../layers/shared/workers';
import { buildImportDeps } from '../../imports/adapters/import-deps';
import { collectLakeGarbage } from '../../imports/core/collect-lake-garbage';
import type { ImportDeps } from '../../imports/core/ports';
import { DynamoReportRuns } from '../../reports/adapters/dynamo-report-runs';
import { DynamoActiveJobs } from '../adapters/dynamo-active-jobs';
import { DynamoSweptJobs } from '../adapters/dynamo-swept-jobs';
import type { SweepDeps } from '../core/ports';
import { sweepJobs } from '../core/sweep-jobs';

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
      jobs: {
        // A stopped import can run again on its file (retry_import).
        import: new DynamoSweptJobs(db, table, 'IMPORT#', { retryable: true }),
        report: new DynamoSweptJobs(db, table, 'REPORT#'),
      },
      runSlots: new DynamoReportRuns(db, vars[ENV.sessionsTable] as string),
      now: () => new Date(),
    },
    lake: buildImportDeps(env),
  };
}

/**
 * The JobSweeper worker (workers.ts JOB_SWEEPER_WORKER; EventBridge every 5 minutes, locally a
 * croner job): fails stuck import jobs and report runs with their reason, then deletes the lake
 * generations no reader needs.
 */
export function makeHandler(deps: () => ReturnType<typeof sweeperDeps>) {
  return workerHandler(JOB_SWEEPER_WORKER.id, async () => {
    const d = deps();
    const swept = await sweepJobs(d.sweep);
    const garbage = await collectLakeGarbage(d.lake);
    logger.info('job sweep', {
      failed: swept.failed.map((r) => `${r.kind}:${r.id}`),
      dropped: swept.dropped,
      generationsDeleted: garbage.length,
    });
    return { failed: swept.failed, dropped: swept.dropped, generationsDeleted: garbage.length };
  });
}

// Composition root: built on the first sweep, reused by the container.
const deps = lazy(() => sweeperDeps());
export const handler = makeHandler(() => deps);
