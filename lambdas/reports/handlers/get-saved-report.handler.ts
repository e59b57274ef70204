import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { savedReportsDepsFromEnv } from '../adapters/report-session-deps';
import { getSavedReport, type SavedReportsDeps } from '../core/saved-reports';
import { getSavedReportSchema } from './get-saved-report.schema';

/** GET /ss_rest/get_saved_report: one saved report and whether it is stale (spec §4 "Saved report"). */
export function makeHandler(deps: () => Pick<SavedReportsDeps, 'companies' | 'saved'>) {
  return userRoute(getSavedReportSchema, (input, { caller }) =>
    getSavedReport(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(savedReportsDepsFromEnv));
