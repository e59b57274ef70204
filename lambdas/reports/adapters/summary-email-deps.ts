import { ddbDocClient } from '#shared/aws/clients';
import { requiredEnv } from '#shared/env';
import { rawMailerFromEnv } from '#shared/mail/mailer-from-env';
import { ENV } from '#shared/workers';
import { DynamoRateLimiter } from '../../accounts/adapters/dynamo-rate-limiter';
import type { SummaryEmailDeps } from '../core/summary-email';
import { companiesFromEnv, storeFromEnv } from './compose';
import {
  plansFromEnv,
  profileDirectoryFromEnv,
  reportSessionsFromEnv,
} from './report-session-deps';
import { SharpChartImager } from './sharp-chart-imager';

/**
 * send_summary_email's adapters: COMPANIES_TABLE (clients, profiles, plans), the reports bucket
 * (stored views), SESSIONS_TABLE (free-report usage), MESSAGES_TABLE (the per-user hourly
 * window, as request_help), sharp for the chart and the mailer; APP_ORIGIN for the link back.
 */
export function summaryEmailDepsFromEnv(env: NodeJS.ProcessEnv = process.env): SummaryEmailDeps {
  return {
    companies: companiesFromEnv(),
    store: storeFromEnv(),
    usage: reportSessionsFromEnv(),
    plans: plansFromEnv(),
    users: profileDirectoryFromEnv(),
    mailer: rawMailerFromEnv(env),
    chart: new SharpChartImager(),
    limiter: new DynamoRateLimiter(ddbDocClient(), requiredEnv(env, ENV.messagesTable)),
    appOrigin: requiredEnv(env, ENV.appOrigin).replace(/\/+$/, ''),
  };
}
