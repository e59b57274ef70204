import type { Caller } from '#shared/auth/caller';
import { type CompaniesRepository, writableClient } from '#shared/companies/companies';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { safeId, workPrefix } from './keys';
import { type ReportParamsInput, resolveReportParams } from './params';
import type { Clock, Ids, ReportJobs, ReportQueue, ReportRuns, ReportStepPayload } from './ports';
import { claimReportRun } from './run-throttle';
import { type AllowanceDeps, type ReportAllowance, recordReportRun } from './usage';

/**
 * Dependencies of {@link performReport}; `usage` and `plans` count free reports (core/usage.ts),
 * `runs` is the per-client throttle (core/run-throttle.ts).
 */
export interface PerformReportDeps extends AllowanceDeps {
  companies: CompaniesRepository;
  jobs: ReportJobs;
  queue: ReportQueue;
  clock: Clock;
  ids: Ids;
  runs: ReportRuns;
}

/** perform_report input (spec §7). A missing session_uid starts a new report session. */
export interface PerformReportInput extends ReportParamsInput {
  client_uid: string;
  session_uid?: string;
}

/**
 * Queues a pro_insights report run (spec §7 perform_report).
 * Steps: 1. load the client the caller may EDIT: a finished run becomes the client's latest
 * report for everyone and its industry benchmark contribution, so view-only sharees and the
 * read-only demo client are refused; 2. resolve the parameters (defaults: the client's airing
 * range, window 8, sessions); 3. take the client's run slot (core/run-throttle.ts: one run at a
 * time, REPORT_RUN_LIMITS.perHour an hour); 4. count the run against the caller's free reports
 * (spec §9): beyond them it still runs but is flagged `max_reports` (the browser shows the
 * paywall); 5. create the job (queued, progress 0); 6. send the first step payload to the
 * report queue. When 4-6 fail, the slot is given back.
 * @returns `{ report_id, session_uid }` to poll queue_monitor with, and the run's paywall flags.
 * @throws NotFound when the client is unknown or not readable; Forbidden without `edit`;
 *   ValidationError naming the field; AppError 429 `rate_limited` from the throttle.
 */
export async function performReport(
  deps: PerformReportDeps,
  caller: Caller,
  input: PerformReportInput,
): Promise<{ report_id: string; session_uid: string } & ReportAllowance> {
  const client = await writableClient(
    deps.companies,
    caller,
    safeId(input.client_uid, 'client_uid'),
  );
  const params = resolveReportParams(client, input);
  const session_uid = input.session_uid
    ? safeId(input.session_uid, 'session_uid')
    : deps.ids.next();
  const report_id = deps.ids.next();
  await claimReportRun(deps, client.client_uid, report_id);
  try {
    const allowance = await recordReportRun(deps, caller, client);
    await queueRun(deps, caller, { report_id, session_uid, client_uid: client.client_uid, params });
    return { report_id, session_uid, ...allowance };
  } catch (error) {
    await deps.runs.release(client.client_uid, report_id);
    throw error;
  }
}

/** Steps 5-6 of performReport: the queued job, then its first step payload on the queue. */
async function queueRun(
  deps: PerformReportDeps,
  caller: Caller,
  run: Pick<ReportStepPayload, 'report_id' | 'session_uid' | 'client_uid' | 'params'>,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  await deps.jobs.create({
    ...run,
    user_id: caller.userId,
    report_type: 'pro_insights',
    status: 'queued',
    progress: 0,
    created_at: now,
    updated_at: now,
  });
  try {
    await deps.queue.send({
      ...run,
      report_type: 'pro_insights',
      work_prefix: workPrefix(run.report_id),
    });
  } catch (error) {
    // Never left queued for ever: the screen shows the generic failure instead.
    await deps.jobs.update(run.report_id, { status: 'failed', message: GENERIC_ERROR_MESSAGE });
    throw error;
  }
}
