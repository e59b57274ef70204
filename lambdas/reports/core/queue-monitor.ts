import type { Caller } from '#shared/auth/caller';
import { type CompaniesRepository, readableClient } from '#shared/companies/companies';
import type { QueueItem } from '#shared/contracts/api.schema';
import { safeId } from './keys';
import type { ReportJobs } from './ports';

export type { QueueItem };

/**
 * The progress of a report session (spec §7 queue_monitor; spec §4 "Report generation").
 * Steps: 1. load the client the caller may read; 2. list the session's jobs; 3. keep the
 * caller's own jobs (staff see all); 4. map each to a queue item, oldest first.
 * @returns `{ queues }`; empty when the session has no jobs.
 * @throws NotFound when the client is unknown or not readable; ValidationError for bad ids.
 */
export async function queueMonitor(
  deps: { companies: CompaniesRepository; jobs: ReportJobs },
  caller: Caller,
  input: { client_uid: string; session_uid: string },
): Promise<{ queues: QueueItem[] }> {
  const client = await readableClient(
    deps.companies,
    caller,
    safeId(input.client_uid, 'client_uid'),
  );
  const jobs = await deps.jobs.listBySession(
    client.client_uid,
    safeId(input.session_uid, 'session_uid'),
  );
  const queues = jobs
    .filter((job) => caller.staff || job.user_id === caller.userId)
    .map((job) => ({
      report_type: job.report_type,
      report_id: job.report_id,
      progress: job.progress,
      complete: job.status === 'complete',
      status: job.status,
      ...(job.status === 'failed' && job.message ? { message: job.message } : {}),
    }));
  return { queues };
}
