import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { settingsDepsFromEnv } from '../adapters/report-session-deps';
import { type ReportSettingsDeps, resetReportSettings } from '../core/report-settings';
import { resetSettingsSchema } from './reset-settings.schema';

/** POST /ss_rest/reset_settings (spec §7): forgets the caller's settings for a client; answers the defaults. */
export function makeHandler(deps: () => ReportSettingsDeps) {
  return userRoute(resetSettingsSchema, (input, { caller }) =>
    resetReportSettings(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(settingsDepsFromEnv));
