import { SESv2Client } from '@aws-sdk/client-sesv2';
import { ddbDocClient } from '#shared/aws/clients';
import { requiredEnv } from '#shared/env';
import { ENV } from '#shared/workers';
import { DynamoRateLimiter } from '../../accounts/adapters/dynamo-rate-limiter';
import type { RichMailer, SummaryEmailDeps } from '../core/summary-email';
import { companiesFromEnv, storeFromEnv } from './compose';
import { OutboxRawMailer } from './outbox-raw-mailer';
import {
  plansFromEnv,
  profileDirectoryFromEnv,
  reportSessionsFromEnv,
} from './report-session-deps';
import { SesRawMailer } from './ses-raw-mailer';
import { SharpChartImager } from './sharp-chart-imager';

/**
 * The HTML mailer: the local outbox when MAIL_OUTBOX_DIR is set (JSON + .eml), SES raw from
 * MAIL_FROM otherwise. @throws Error naming MAIL_FROM when neither is set.
 */
export function richMailerFromEnv(env: NodeJS.ProcessEnv = process.env): RichMailer {
  const outbox = env[ENV.mailOutboxDir];
  if (outbox) return new OutboxRawMailer(outbox);
  return new SesRawMailer(new SESv2Client({}), requiredEnv(env, ENV.mailFrom));
}

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
    mailer: richMailerFromEnv(env),
    chart: new SharpChartImager(),
    limiter: new DynamoRateLimiter(ddbDocClient(), requiredEnv(env, ENV.messagesTable)),
    appOrigin: requiredEnv(env, ENV.appOrigin).replace(/\/+$/, ''),
  };
}
