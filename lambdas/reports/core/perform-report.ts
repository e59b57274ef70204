import type { Caller } from '../../../layers/shared/auth/caller';
import {
  type CompaniesRepository,
  readableClient,
} from '../../../layers/shared/companies/companies';
import { safeId, workPrefix } from './keys';
import { type ReportParamsInput, resolveReportParams } from './params';
import type { Clock, Ids, ReportJobs, ReportQueue, ReportStepPayload } from './ports';
import { type AllowanceDeps, type ReportAllowance, recordReportRun } from './usage';

/** Dependencies of {@link performReport}; `usage` and `plans` count free reports (core/usage.ts). */
export interface PerformReportDeps extends AllowanceDeps {
  companies: CompaniesRepository;
  jobs: ReportJobs;
  queue: ReportQueue;
  clock: Clock;
  ids: Ids;
}

/** perform_report input (spec §7). A missing session_uid starts a new report session. */
export interface PerformReportInput extends ReportParamsInput {
  client_uid: string;
  session_uid?: string;
}

/**
 * Queues a pro_insights report run (spec §7 perform_report; issue #2 §5).
 * Steps: 1. load the client the caller may read (demo clients included); 2. resolve the
 * parameters (defaults: the client's airing range, window 8, sessions); 3. create the job
 * (queued, progress 0); 4. send the first step payload to the report queue. Between 2 and 3 the
 * run is counted against the caller's free reports (spec §9): beyond them it still runs but is
 * flagged `max_reports` (the browser shows the paywall and keeps the current client).
 * @returns `{ report_id, session_uid }` to poll queue_monitor with, and the run's paywall flags.
 * @throws NotFound when the client is unknown or not readable; ValidationError naming the field.
 */
export async function performReport(
  deps: PerformReportDeps,
  caller: Caller,
  input: PerformReportInput,
): Promise<{ report_id: string; session_uid: string } & ReportAllowance> {
  const client = await readableClient(
    deps.companies,
    caller,
    safeId(input.client_uid, 'client_uid'),
  );
  const params = resolveReportParams(client, input);
  const session_uid = input.session_uid
    ? safeId(input.session_uid, 'session_uid')
    : deps.ids.next();
  const report_id = deps.ids.next();
  const allowance = await recordReportRun(deps, caller, client);
  const now = deps.clock.now().toISOString();
  await deps.jobs.create({
    report_id,
    client_uid: client.client_uid,
    session_uid,
    user_id: caller.userId,
    report_type: 'pro_insights',
    status: 'queued',
    progress: 0,
    params,
    created_at: now,
    updated_at: now,
  });
  const payload: ReportStepPayload = {
    report_id,
    client_uid: client.client_uid,
    session_uid,
    report_type: 'pro_insights',
    params,
    work_prefix: workPrefix(report_id),
  };
  await deps.queue.send(payload);
  return { report_id, session_uid, ...allowance };
}
