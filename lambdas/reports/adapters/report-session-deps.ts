import { DynamoAccounts } from '../../../layers/shared/accounts/dynamo-accounts';
import { ddbDocClient } from '../../../layers/shared/aws/clients';
import { ENV } from '../../../layers/shared/workers';
import type { ReportSettingsDeps } from '../core/report-settings';
import type { SavedReportsDeps } from '../core/saved-reports';
import { companiesFromEnv, envVar, jobsFromEnv, systemClock, uuidIds } from './compose';
import { DynamoReportSessions } from './dynamo-report-sessions';
import { ProfileDirectory } from './profile-directory';

/**
 * Builders of the report-session adapters for the handlers' composition roots (see compose.ts):
 * SESSIONS_TABLE holds settings, saved reports and free-report usage; COMPANIES_TABLE holds the
 * profiles (plan status, names, station and rep defaults).
 */

/** Settings, saved reports and free-report usage (SESSIONS_TABLE). */
export const reportSessionsFromEnv = () =>
  new DynamoReportSessions(ddbDocClient(), envVar(ENV.sessionsTable));

/** Plans, names and defaults from the profiles (COMPANIES_TABLE). */
export const profileDirectoryFromEnv = () =>
  new ProfileDirectory(new DynamoAccounts(ddbDocClient(), envVar(ENV.companiesTable)));

/** What the settings routes run with. */
export const settingsDepsFromEnv = (): ReportSettingsDeps => ({
  companies: companiesFromEnv(),
  settings: reportSessionsFromEnv(),
  users: profileDirectoryFromEnv(),
  clock: systemClock,
});

/** What the saved-report routes run with. */
export const savedReportsDepsFromEnv = (): SavedReportsDeps => ({
  companies: companiesFromEnv(),
  jobs: jobsFromEnv(),
  saved: reportSessionsFromEnv(),
  users: profileDirectoryFromEnv(),
  clock: systemClock,
  ids: uuidIds,
});
