import { userRoute } from '#shared/http/route-handler';
import {
  companiesFromEnv,
  jobsFromEnv,
  lazy,
  queueFromEnv,
  systemClock,
  uuidIds,
} from '../adapters/compose';
import {
  plansFromEnv,
  reportRunsFromEnv,
  reportSessionsFromEnv,
} from '../adapters/report-session-deps';
import { type PerformReportDeps, performReport } from '../core/perform-report';
import { performReportSchema } from './perform-report.schema';

/**
 * POST /ss_rest/perform_report (spec §7): queues a report of a client the caller may edit;
 * answers `{ report_id, session_uid }`; 429 while the client's report runs or its hourly runs
 * are used (core/run-throttle.ts).
 */
export function makeHandler(deps: () => PerformReportDeps) {
  return userRoute(performReportSchema, (input, { caller }) =>
    performReport(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(
  lazy(() => ({
    companies: companiesFromEnv(),
    jobs: jobsFromEnv(),
    queue: queueFromEnv(),
    clock: systemClock,
    ids: uuidIds,
    usage: reportSessionsFromEnv(),
    plans: plansFromEnv(),
    runs: reportRunsFromEnv(),
  })),
);
