import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import { DynamoSubscriptionReader } from '#shared/billing/dynamo-subscriptions';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { lazy } from '#shared/lazy';
import { ENV } from '#shared/workers';
// A campaign filter narrows the report to the client's stored campaign (campaigns context).
import { campaignStoreFromEnv } from '../../campaigns/adapters/campaigns-deps';
import { DynamoReference } from '../../reference/adapters/dynamo-reference';
import { CallerFacts } from '../core/caller-facts';
import { DrillAnswerCache, DrillCache, type DrilldownsDeps } from '../core/drilldowns';
import type { IndustryInsightsDeps } from '../core/industry-insights';
import type { ReportSettingsDeps } from '../core/report-settings';
import type { SavedReportsDeps } from '../core/saved-reports';
import { batchedGets } from './batched-gets';
import {
  benchmarksFromEnv,
  companiesFromEnv,
  envVar,
  jobsFromEnv,
  storeFromEnv,
  systemClock,
  uuidIds,
} from './compose';
import { DynamoReportSessions } from './dynamo-report-sessions';
import { EntitlementPlans } from './entitlement-plans';
import { ProfileDirectory } from './profile-directory';

/**
 * Builders of the report-session adapters for the handlers' composition roots (see compose.ts):
 * SESSIONS_TABLE holds settings, saved reports and free-report usage; COMPANIES_TABLE holds the
 * profiles (names, station and rep defaults) and the billing copies (plans).
 */

/** Settings, saved reports and free-report usage (SESSIONS_TABLE). */
export const reportSessionsFromEnv = () =>
  new DynamoReportSessions(ddbDocClient(), envVar(ENV.sessionsTable));

/** The per-client report-run throttle (SESSIONS_TABLE; core/run-throttle.ts). */
export { reportRunsFromEnv } from './compose';

/** Names and defaults from the profiles (COMPANIES_TABLE). */
export const profileDirectoryFromEnv = () =>
  new ProfileDirectory(new DynamoAccounts(ddbDocClient(), envVar(ENV.companiesTable)));

/**
 * Memberships and billing copies the entitlements are derived from (COMPANIES_TABLE); the
 * copies are read through `db` when given (a batching client: batchedReportReadsFromEnv).
 */
const entitlementsFromEnv = (db = ddbDocClient()) => ({
  memberships: new DynamoAccounts(ddbDocClient(), envVar(ENV.companiesTable)),
  subscriptions: new DynamoSubscriptionReader(db, envVar(ENV.companiesTable)),
});

/** Plans from the billing copies of the caller's organisations (COMPANIES_TABLE). */
export const plansFromEnv = (db = ddbDocClient()) => new EntitlementPlans(entitlementsFromEnv(db));

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

/**
 * The clients (COMPANIES_TABLE), the free-report usage (SESSIONS_TABLE) and the plans of the
 * report reads, on one document client whose GetItems made at the same moment go as one
 * BatchGetItem (batched-gets.ts): a report read asks for the client record, the caller's usage
 * and the subscriptions summaries of the caller's known organisations together
 * (core/caller-facts.ts).
 */
export const batchedReportReadsFromEnv = () => {
  const db = batchedGets(ddbDocClient());
  return {
    companies: new DynamoCompanies(db, envVar(ENV.companiesTable)),
    usage: new DynamoReportSessions(db, envVar(ENV.sessionsTable)),
    plans: plansFromEnv(db),
  };
};

/** What the drill-down routes run with, holding recent reports' drill data and drill answers while warm. */
export const drilldownsDepsFromEnv = (): DrilldownsDeps => {
  const { companies, usage, plans } = batchedReportReadsFromEnv();
  return {
    companies,
    store: storeFromEnv(),
    usage,
    plans,
    cache: new DrillCache(),
    answers: new DrillAnswerCache(),
    campaigns: campaignStoreFromEnv(),
    // The caller's memberships and shares for a few seconds; the plan is read on every request
    // (core/caller-facts.ts).
    facts: new CallerFacts({ companies, plans }),
  };
};

/**
 * What the Industry Insights routes run with: COMPANIES_TABLE, and the reports bucket for
 * industry_insights with a report_id (built on first use, so set_client_industry never needs
 * REPORTS_BUCKET or its grant).
 */
export const industryInsightsDepsFromEnv = (): IndustryInsightsDeps => ({
  companies: companiesFromEnv(),
  benchmarks: benchmarksFromEnv(),
  industries: new DynamoReference(ddbDocClient(), envVar(ENV.companiesTable)),
  entitlements: entitlementsFromEnv(),
  store: lazy(storeFromEnv),
});
