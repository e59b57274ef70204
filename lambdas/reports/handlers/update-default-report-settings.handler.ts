import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { profileDirectoryFromEnv } from '../adapters/report-session-deps';
import { type ReportSettingsDeps, updateDefaultReportSettings } from '../core/report-settings';
import { updateDefaultReportSettingsSchema } from './update-default-report-settings.schema';

/** POST /ss_rest/update_default_report_settings (spec §7): the caller's station and rep defaults. */
export function makeHandler(deps: () => Pick<ReportSettingsDeps, 'users'>) {
  return userRoute(updateDefaultReportSettingsSchema, (input, { caller }) =>
    updateDefaultReportSettings(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
// Only the profiles: this route has no SessionsTable access.
export const handler = makeHandler(lazy(() => ({ users: profileDirectoryFromEnv() })));
