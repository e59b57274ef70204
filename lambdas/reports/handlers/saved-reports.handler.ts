import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { savedReportsDepsFromEnv } from '../adapters/report-session-deps';
import { listSavedReports, type SavedReportsDeps } from '../core/saved-reports';
import { savedReportsSchema } from './saved-reports.schema';

/** GET /ss_rest/saved_reports: the client's saved reports, newest first. */
export function makeHandler(deps: () => Pick<SavedReportsDeps, 'companies' | 'saved'>) {
  return userRoute(savedReportsSchema, (input, { caller }) =>
    listSavedReports(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(savedReportsDepsFromEnv));
