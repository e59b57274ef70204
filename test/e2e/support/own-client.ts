import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, test as base } from '@playwright/test';
import type { ReportView } from '#shared/contracts/report.schema';
import { resolveDataDir } from '#shared/reference/dmas';
import { demoPostlogCsv } from '../../../lib/local/demo-postlog';
import { importFile } from '../../../lib/local/import-file';
import { waitForReport } from '../../../lib/local/report-run';
import { callApi } from '../../../lib/local/route-calls';
import { writeSimulatedVisits } from '../../../lib/local/simulated-visits';
import { newAdvertiser, type TestAdvertiser } from './account-helpers';
import { apiIdToken } from './auth-helpers';
import { smallClient } from './billing-helpers';
import { importCalls } from './import-calls';

/** A new advertiser of the test's own, signed in through the API, with one small client. */
export interface OwnClient {
  /** The stack's base URL. */
  url: string;
  login: TestAdvertiser;
  /** The advertiser's Cognito id token for callApi. */
  token: string;
  /** The client's uid: two weeks of airings and visits (see billing-helpers smallClient). */
  client: string;
}

/**
 * A new advertiser `slug` (cookie consent already given, so no banner covers the page) with one
 * client `name` of its own whose demo post-log and visits come from `seed`. No report is run yet.
 */
export async function advertiserWithClient(
  fixtures: { request: APIRequestContext; context: BrowserContext; baseURL?: string },
  slug: string,
  name: string,
  seed: number,
): Promise<OwnClient> {
  const url = fixtures.baseURL as string;
  await fixtures.context.addCookies([{ name: 'ss_cookie_consent', value: '1', url }]);
  const login = await newAdvertiser(slug);
  const token = await apiIdToken(fixtures.request, login);
  const client = await smallClient(url, token, name, seed);
  return { url, login, token, client };
}

/**
 * Playwright's `test` with an `ownClient(slug, name, seed)` fixture: advertiserWithClient with
 * the test's own request, browser context and base URL. A test that uses it gets 5 minutes (a
 * busy machine imports the client's two weeks slowly).
 */
export const test = base.extend<{
  ownClient: (slug: string, name: string, seed: number) => Promise<OwnClient>;
}>({
  ownClient: async ({ request, context, baseURL }, use, testInfo) => {
    testInfo.setTimeout(Math.max(testInfo.timeout, 300_000));
    await use((slug, name, seed) =>
      advertiserWithClient({ request, context, baseURL }, slug, name, seed),
    );
  },
});

/** Runs the report of `own`'s client and returns it as get_report shows it (the run's report). */
export async function clientReport(own: OwnClient): Promise<ReportView> {
  const run = await waitForReport(own.url, own.client, {}, own.token);
  return callApi<ReportView>(
    own.url,
    'get_report',
    { client_uid: own.client, report_id: run.report_id },
    own.token,
  );
}

/** The UTC date (YYYY-MM-DD) `days` days after the report's first day: a flight's last day. */
export function daysAfterStart(report: ReportView, days: number): string {
  return new Date(Date.parse(`${report.report_date_start}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** A new advertiser with a client imported from demo files, and what later steps need of them. */
export interface ImportedClient extends OwnClient {
  /** The temporary folder holding the files. */
  dir: string;
  /** The post-log CSV the client was imported from (foot traffic is simulated from it). */
  postlog: string;
  /** The gateway import calls of the advertiser (see importCalls). */
  calls: ReturnType<typeof importCalls>;
}

/**
 * A new advertiser `slug` with client `advertiser`: a demo post-log of `weeks` weeks and
 * `spotsPerDay` spots a day from `seed`, and simulated visits from the same seed, both uploaded
 * through the gateway like the upload panel. No report is run yet.
 */
export async function advertiserWithImports(
  fixtures: { request: APIRequestContext; baseURL?: string },
  slug: string,
  advertiser: string,
  plan: { weeks: number; spotsPerDay: number; seed: number },
): Promise<ImportedClient> {
  const url = fixtures.baseURL as string;
  const login = await newAdvertiser(slug);
  const token = await apiIdToken(fixtures.request, login);
  const dir = mkdtempSync(join(tmpdir(), `ao-${slug}-`));
  const postlog = join(dir, `${slug}-postlog.csv`);
  writeFileSync(postlog, demoPostlogCsv(plan));
  const visits = join(dir, `${slug}-visits.csv`);
  await writeSimulatedVisits(postlog, visits, { dataDir: resolveDataDir(), seed: plan.seed });
  const calls = importCalls(url, token);
  const imported = await importFile(calls, { path: postlog, kind: 'postlog', advertiser });
  const client = imported.client_uid;
  await importFile(calls, { path: visits, kind: 'visits', clientUid: client });
  return { url, login, token, client, dir, postlog, calls };
}
