import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { settingsDepsFromEnv } from '../adapters/report-session-deps';
import { type ReportSettingsDeps, updateReportSettings } from '../core/report-settings';
import { updateReportSettingsSchema } from './update-report-settings.schema';

/** POST /ss_rest/update_report_settings (browser autosave): stores the settings; 403 for demo clients. */
export function makeHandler(deps: () => ReportSettingsDeps) {
  return userRoute(updateReportSettingsSchema, (input, { caller }) =>
    updateReportSettings(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(settingsDepsFromEnv));
