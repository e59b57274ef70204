import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { savedReportsDepsFromEnv } from '../adapters/report-session-deps';
import { type SavedReportsDeps, saveReport } from '../core/saved-reports';
import { saveReportSchema } from './save-report.schema';

/** POST /ss_rest/save_report (spec §7): saves a finished report with name, comments and settings. */
export function makeHandler(deps: () => SavedReportsDeps) {
  return userRoute(saveReportSchema, (input, { caller }) => saveReport(deps(), caller, input));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(savedReportsDepsFromEnv));
