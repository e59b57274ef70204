import { ddbDocClient } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { JOB_TIMEOUTS_S } from '#shared/jobs/job-timeouts';
import { DynamoActiveJobs } from '../../lambdas/jobs/adapters/dynamo-active-jobs';
import { dynamoSweptJobs } from '../../lambdas/jobs/adapters/sweeper-deps';
import { failJob } from '../../lambdas/jobs/core/sweep-jobs';
import { DynamoReportRuns } from '../../lambdas/reports/adapters/dynamo-report-runs';

/** What the user reads on a report run the local stack lost when it stopped. */
export const LOCAL_RESTART_MESSAGE =
  'The local stack restarted while this report ran. Please run it again.';

/** Where {@link failOrphanedRuns} looks and what it asks the local runner. */
export interface OrphanedRunsOptions {
  /** The CompaniesTable (report runs and the index of jobs in progress). */
  companiesTable: string;
  /** The SessionsTable (the report runs' per-client slots). */
  sessionsTable: string;
  /**
   * True when this process's Step Functions runner has a live execution of that report run.
   * Locally the runner and the report queue live in memory: a run queued or running in a
   * stopped process is gone with it.
   */
  running: (reportId: string) => boolean;
  /** @default the current time */
  now?: () => Date;
}

/**
 * A start-up step of the local stack: fails at once, with {@link LOCAL_RESTART_MESSAGE}, every
 * report run left queued or running that the local runner does not know (its execution and
 * queue message died with the previous process), and gives its client's run slot back, so
 * Run report (and the demo seed's re-run) work right after `npm start` instead of after the
 * slot's 30-minute lease or the sweeper's 31-minute timeout. In AWS nothing like this runs:
 * executions outlive any one Lambda, and the job sweeper catches the truly stuck.
 * @returns the ids of the runs it failed.
 */
export async function failOrphanedRuns(opts: OrphanedRunsOptions): Promise<string[]> {
  const db = ddbDocClient();
  const now = opts.now?.() ?? new Date();
  const deps = {
    index: new DynamoActiveJobs(db, opts.companiesTable),
    jobs: dynamoSweptJobs(db, opts.companiesTable),
    runSlots: new DynamoReportRuns(db, opts.sessionsTable),
    // The client's row then says why its last report failed.
    clients: new DynamoCompanies(db, opts.companiesTable),
  };
  const failed: string[] = [];
  // Every marker of a job in progress up to this instant (the index lists those before a time).
  const refs = await deps.index.listSince(new Date(now.getTime() + 1));
  for (const ref of refs) {
    if (ref.kind !== 'report' || opts.running(ref.id)) continue;
    const state = await deps.jobs.report.state(ref.id);
    if (!state || !(state.status in JOB_TIMEOUTS_S.report)) continue;
    if (await failJob(deps, ref, state, LOCAL_RESTART_MESSAGE, now)) failed.push(ref.id);
  }
  return failed;
}
