import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient, s3Client } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { DynamoConnectionsStore } from '#shared/connections/dynamo-connections-store';
import { envString, readEnv, requiredEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { DynamoLocations } from '#shared/locations/dynamo-locations';
import { ENV } from '#shared/workers';
// The accounts context's limiter fits the HitCounter port as it is (same shape).
import { DynamoRateLimiter } from '../../accounts/adapters/dynamo-rate-limiter';
// The team inbox and the plain-text mailer are the comms context's (same rules as contact mail).
import { teamAddress } from '../../comms/adapters/comms-deps';
import { mailerFromEnv } from '../../comms/adapters/mailer-from-env';
// A merge writes lake generations exactly as an import does: the imports context's adapters.
import { buildImportDeps } from '../../imports/adapters/import-deps';
import { DynamoIndustryBenchmarks } from '../../reports/adapters/dynamo-industry-benchmarks';
import { DynamoReportSessions } from '../../reports/adapters/dynamo-report-sessions';
import { S3ReportStore } from '../../reports/adapters/s3-report-store';
// A merged client's scheduled deliveries move with it (the schedules context's items and triggers).
import { schedulesStoreFromEnv, triggersFromEnv } from '../../schedules/adapters/schedule-deps';
import type { ClientDeps, HelpMailer, MergeDeps } from '../core/client-ports';
import {
  DynamoClientNames,
  DynamoClientRemoval,
  DynamoFavoriteClients,
  S3ReportFiles,
  SettingsCalculators,
} from './client-adapters';

const tableEnv = z.object({ [ENV.companiesTable]: envString });

/** The CompaniesTable's name (parsed at cold start; throws naming the variable). */
const companiesTable = (env: NodeJS.ProcessEnv) => readEnv(tableEnv, env)[ENV.companiesTable];

/** ClientDeps from the environment (COMPANIES_TABLE). */
export function buildClientDeps(env: NodeJS.ProcessEnv = process.env): ClientDeps {
  const table = companiesTable(env);
  const db = ddbDocClient();
  return {
    companies: new DynamoCompanies(db, table),
    accounts: new DynamoAccounts(db, table),
    names: new DynamoClientNames(db, table),
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}

/** The saved calculators (SESSIONS_TABLE, read on first use). */
export function calculatorsFromEnv(env: NodeJS.ProcessEnv = process.env) {
  return lazy(
    () =>
      new SettingsCalculators(
        new DynamoReportSessions(ddbDocClient(), requiredEnv(env, ENV.sessionsTable)),
      ),
  );
}

/** Stored reports (REPORTS_BUCKET, read on first use). */
export function reportFilesFromEnv(env: NodeJS.ProcessEnv = process.env): S3ReportFiles {
  return lazy(() => {
    const bucket = requiredEnv(env, ENV.reportsBucket);
    return new S3ReportFiles(s3Client(), bucket, () => new S3ReportStore(s3Client(), bucket));
  });
}

/**
 * client_merge's deps: ClientDeps, the lake (LAKE_BUCKET), reports (REPORTS_BUCKET), saved reports
 * (SESSIONS_TABLE), and the
 * CompaniesTable's locations, favourites, connections and Industry Insights contributions; the
 * scheduled deliveries and their triggers (SCHEDULE_GROUP in AWS, else the local scheduler).
 */
export function buildMergeDeps(env: NodeJS.ProcessEnv = process.env): MergeDeps {
  const base = buildClientDeps(env);
  const table = companiesTable(env);
  const db = ddbDocClient();
  const imports = buildImportDeps(env);
  return {
    ...base,
    lake: imports.lake,
    generations: imports.generations,
    jobs: imports.jobs,
    reports: reportFilesFromEnv(env),
    saved: lazy(
      () => new DynamoReportSessions(ddbDocClient(), requiredEnv(env, ENV.sessionsTable)),
    ),
    locations: new DynamoLocations(db, table),
    favorites: new DynamoFavoriteClients(db, table),
    removal: new DynamoClientRemoval(db, table),
    connections: new DynamoConnectionsStore(db, table),
    benchmarks: new DynamoIndustryBenchmarks(db, table),
    scheduledDeliveries: (() => {
      const store = schedulesStoreFromEnv(env);
      return { schedules: store, deliveries: store, triggers: triggersFromEnv(env) };
    })(),
  };
}

/**
 * request_help's deps: the team inbox (TEAM_MAIL_TO, else MAIL_FROM), the mailer (the local
 * outbox or SES) and the per-user window counter (MESSAGES_TABLE).
 */
export function buildHelpDeps(env: NodeJS.ProcessEnv = process.env) {
  const base = buildClientDeps(env);
  const mailer: HelpMailer = mailerFromEnv(env);
  return {
    companies: base.companies,
    mailer,
    limiter: lazy(() => new DynamoRateLimiter(ddbDocClient(), requiredEnv(env, ENV.messagesTable))),
    get teamAddress() {
      return teamAddress(env);
    },
    now: () => new Date(),
  };
}
