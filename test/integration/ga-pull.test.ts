import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type {
  ConnectUrlResult,
  GetConnectionsResult,
  ListPropertiesResult,
} from '#shared/contracts/connections.schema';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { GA_PULL_SCHEDULE_WORKER } from '#shared/workers';
import { DEMO_PROPERTY_ID, SMALL_SITE_PROPERTY_ID } from '../../lib/local/google/directory';
import { loadHandler } from '../../lib/local/handler-loader';
import { importFile, pollUntil } from '../../lib/local/import-file';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { openLinkAndConsent } from './support/google-consent';
import { outboxMails } from './support/outbox';
import { gatewayImports, stackForFile } from './support/stack';

// The whole way in for a real advertiser: a connection link, Google's consent (the local
// stand-in), the property picked, the GA4 pull (GaPull worker from the local SQS queue, the
// official Data API client, Parquet in s3rver) and a report on the pulled visits. No visits CSV.
const local = stackForFile();

/**
 * Connects `gaid` to client `cid` as the advertiser does (link, Google consent, pick) and waits
 * until its backfill is done; the client's Connections panel then.
 */
async function connectAndBackfill(cid: string, gaid: string): Promise<GetConnectionsResult> {
  const { url, google } = local.stack;
  const token = local.token;
  const link = await callApi<ConnectUrlResult>(url, 'connect_url', { cid }, token);
  const { grant } = await openLinkAndConsent(url, google.url, link, cid);
  await callApi(url, 'list_properties', grant);
  await callApi(url, 'create_properties', { code: grant.code, gaids: [gaid], client_id: cid });
  return pollUntil(
    `GA4 backfill of ${gaid}`,
    async () => {
      const panel = await callApi<GetConnectionsResult>(url, 'get_connections', { cid }, token);
      const state = panel.connections[0]?.properties[0]?.pull.state;
      return state === 'done' ? panel : undefined;
    },
    600_000,
    1000,
  );
}

test('a connected GA4 property is backfilled into the client visits and its report shows them, with no visits CSV', async () => {
  // Prepare: the demo advertiser's post-log (its airings only) on a new client.
  const { url, google, samplePostlog } = local.stack;
  const token = local.token;
  const postlog = await importFile(gatewayImports(url, token), {
    path: samplePostlog,
    kind: 'postlog',
    advertiser: 'Demo Advertiser',
  });
  const cid = postlog.client_uid as string;

  // Act: the rep makes a link; the advertiser opens it, signs in with Google and picks the
  // demo property; the pull backfills it.
  const link = await callApi<ConnectUrlResult>(url, 'connect_url', { cid }, token);
  const { grant } = await openLinkAndConsent(url, google.url, link, cid);
  const listed = await callApi<ListPropertiesResult>(url, 'list_properties', grant);
  await callApi(url, 'create_properties', {
    code: grant.code,
    gaids: [DEMO_PROPERTY_ID],
    client_id: cid,
  });
  const progress: number[] = [];
  const pulled = await pollUntil(
    'GA4 backfill',
    async () => {
      const panel = await callApi<GetConnectionsResult>(url, 'get_connections', { cid }, token);
      const pull = panel.connections[0]?.properties[0]?.pull;
      if (pull) progress.push(pull.progress);
      return pull?.state === 'done' ? { panel, pull } : undefined;
    },
    600_000,
    1000,
  );
  const run = await waitForReport(url, cid, {}, token);
  const report = await callApi<ReportDocument>(
    url,
    'get_report',
    { client_uid: cid, report_id: run.report_id },
    token,
  );

  // Assert: the whole window is in, the client is connected at minute resolution, and the
  // report counts the pulled visits and finds the airings' response in them.
  expect(listed.properties.map((p) => p.gaid)).toContain(DEMO_PROPERTY_ID);
  expect(pulled.pull).toMatchObject({ state: 'done', progress: 100, message: null });
  expect(pulled.pull.done_through).toBe(pulled.pull.from);
  expect(pulled.panel.status).toBe('connected');
  expect(pulled.panel.connections[0]?.properties[0]?.resolution).toBe('minute');
  expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
  expect(postlog.status).toBe('complete');
  expect(report.summary.airings).toBe(postlog.report?.new_spots);
  expect(report.summary.total_visits).toBeGreaterThan(0);
  expect(report.summary.attributed_visits).toBeGreaterThan(0);
}, 900_000);

test('a small site whose minutes Google withholds is pulled by the hour, and the client says so', async () => {
  // Prepare: a client with the demo post-log.
  const { url, samplePostlog } = local.stack;
  const postlog = await importFile(gatewayImports(url, local.token), {
    path: samplePostlog,
    kind: 'postlog',
    advertiser: 'Demo Outlet',
  });

  // Act: the advertiser connects the small site (its minute reports are thresholded).
  const panel = await connectAndBackfill(postlog.client_uid as string, SMALL_SITE_PROPERTY_ID);

  // Assert: hourly with Google's reason in words, lite_connected, the whole window pulled.
  const property = panel.connections[0]?.properties[0];
  expect(panel.status).toBe('lite_connected');
  expect(property?.resolution).toBe('hour');
  expect(property?.hourly_reason).toMatch(/privacy thresholds/);
  expect(property?.pull).toMatchObject({ state: 'done', progress: 100 });
}, 900_000);

test('when the Google user revokes the grant, the next hourly pull marks the connection invalid and mails the owner; the visits stay', async () => {
  // Prepare: a client connected to the small site, backfilled.
  const { url, google, mailDir, samplePostlog } = local.stack;
  const token = local.token;
  const postlog = await importFile(gatewayImports(url, token), {
    path: samplePostlog,
    kind: 'postlog',
    advertiser: 'Revoked Rugs',
  });
  const cid = postlog.client_uid as string;
  await connectAndBackfill(cid, SMALL_SITE_PROPERTY_ID);
  const visitsDir = join(local.stack.env.DUCKDB_LAKE_DIR ?? '', 'visits', `client_uid=${cid}`);
  const visitFiles = readdirSync(visitsDir, { recursive: true }).length;

  // Act: the user revokes AnalyticOwl's access at Google; the hourly schedule runs.
  await fetch(`${google.url}/__local/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo-advertiser.example' }),
  });
  const schedule = await loadHandler(GA_PULL_SCHEDULE_WORKER.handler);
  await schedule({}, {} as never);
  const panel = await pollUntil(
    'connection invalid',
    async () => {
      const p = await callApi<GetConnectionsResult>(url, 'get_connections', { cid }, token);
      return p.connections[0]?.status === 'invalid' ? p : undefined;
    },
    120_000,
    500,
  );
  const mails = () => outboxMails(mailDir).filter((m) => m.subject.includes('Revoked Rugs'));
  const mailed = await pollUntil('owner mailed', async () => mails()[0], 30_000);

  // Assert
  expect(panel.status).toBe('connected_invalid');
  expect(panel.connections[0]?.invalid_reason).toBe(CONNECTION_MESSAGES.accessLost);
  expect(panel.connections[0]?.properties[0]?.pull.state).toBe('failed');
  expect(mailed.to).toBe(local.stack.logins.demo.email);
  expect(mailed.text).toContain(CONNECTION_MESSAGES.accessLost);
  expect(readdirSync(visitsDir, { recursive: true }).length).toBeGreaterThanOrEqual(visitFiles);
}, 900_000);
