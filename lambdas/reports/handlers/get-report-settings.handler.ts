import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { settingsDepsFromEnv } from '../adapters/report-session-deps';
import { getReportSettings, type ReportSettingsDeps } from '../core/report-settings';
import { getReportSettingsSchema } from './get-report-settings.schema';

/** GET /ss_rest/get_report_settings: the caller's settings for a client (defaults when none). */
export function makeHandler(deps: () => ReportSettingsDeps) {
  return userRoute(getReportSettingsSchema, (input, { caller }) =>
    getReportSettings(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(settingsDepsFromEnv));
