import type { CompaniesRepository } from '#shared/companies/companies';
import { userRoute } from '#shared/http/route-handler';
import { companiesFromEnv, jobsFromEnv, lazy } from '../adapters/compose';
import type { ReportJobs } from '../core/ports';
import { queueMonitor } from '../core/queue-monitor';
import { queueMonitorSchema } from './queue-monitor.schema';

/** Dependencies of the queue_monitor route. */
export interface QueueMonitorDeps {
  companies: CompaniesRepository;
  jobs: ReportJobs;
}

/** GET /ss_rest/queue_monitor (spec §7): `{ queues: [{ report_type, report_id, progress, ... }] }`. */
export function makeHandler(deps: () => QueueMonitorDeps) {
  return userRoute(queueMonitorSchema, (input, { caller }) => queueMonitor(deps(), caller, input));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(
  lazy(() => ({ companies: companiesFromEnv(), jobs: jobsFromEnv() })),
);
