import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type {
  BreakdownResult,
  ClientInfo,
  ClientMergeResult,
} from '#shared/contracts/company-client.schema';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { resolveDataDir } from '#shared/reference/dmas';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';
import { importFile } from '../../lib/local/import-file';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { writeSimulatedVisits } from '../../lib/local/simulated-visits';
import { outboxMails } from './support/outbox';
import { gatewayImports, stackForFile } from './support/stack';

const local = stackForFile();

test('a duplicate client created, edited and imported into merges into the kept one: its report covers both post-logs and the duplicate is gone', async () => {
  // Prepare: two weeks of post-log, one week per client, and visits for both weeks.
  const url = local.stack.url;
  const call = <T>(name: Parameters<typeof callApi>[1], input: Record<string, unknown>) =>
    callApi<T>(url, name, input, local.token);
  const keptLog = join(local.dir, 'kept.csv');
  const dupLog = join(local.dir, 'dup.csv');
  writeFileSync(
    keptLog,
    demoPostlogCsv({ weeks: 1, spotsPerDay: 6, seed: 21, firstDay: '2016-09-05' }),
  );
  writeFileSync(
    dupLog,
    demoPostlogCsv({ weeks: 1, spotsPerDay: 6, seed: 22, firstDay: '2016-09-12' }),
  );
  const both = join(local.dir, 'both.csv');
  const dupRows = readFileSync(dupLog, 'utf8').split('\n').slice(1).join('\n');
  writeFileSync(both, `${readFileSync(keptLog, 'utf8').trimEnd()}\n${dupRows}`);
  const visitsFile = join(local.dir, 'visits.csv');
  await writeSimulatedVisits(both, visitsFile, { dataDir: resolveDataDir(), seed: 21 });

  // Act: create both clients, import each one's post-log by advertiser name, rename the
  // duplicate, add visits to the kept one, merge, then run the kept client's report.
  const kept = (await call<{ client_info: ClientInfo }>('company_save', { name: 'Acme Furniture' }))
    .client_info;
  const dup = (
    await call<{ client_info: ClientInfo }>('company_save', { name: 'Acme Furniture Outlet' })
  ).client_info;
  const keptImport = await importFile(gatewayImports(url, local.token), {
    path: keptLog,
    kind: 'postlog',
    advertiser: 'Acme Furniture',
  });
  const dupImport = await importFile(gatewayImports(url, local.token), {
    path: dupLog,
    kind: 'postlog',
    advertiser: 'ACME FURNITURE OUTLET',
  });
  const edited = (
    await call<{ client_info: ClientInfo }>('company_save', {
      client_uid: dup.client_uid,
      name: 'Acme Furniture Outlet LLC',
      tags: ['duplicate'],
    })
  ).client_info;
  await importFile(gatewayImports(url, local.token), {
    path: visitsFile,
    kind: 'visits',
    clientUid: kept.client_uid,
  });
  const merged = await call<ClientMergeResult>('client_merge', {
    from_client_uid: dup.client_uid,
    into_client_uid: kept.client_uid,
  });
  const again = await call('client_merge', {
    from_client_uid: dup.client_uid,
    into_client_uid: kept.client_uid,
  }).catch((e: Error) => e.message);
  const gone = await call('fetch_client_info', { client_uid: dup.client_uid }).catch(
    (e: Error) => e.message,
  );
  // A later import under the merged client's name lands on the kept client.
  const reimport = await importFile(gatewayImports(url, local.token), {
    path: dupLog,
    kind: 'postlog',
    advertiser: 'Acme Furniture Outlet LLC',
  });
  const run = await waitForReport(url, kept.client_uid, {}, local.token);
  const report = await call<ReportDocument>('get_report', {
    client_uid: kept.client_uid,
    report_id: run.report_id,
  });
  const breakdown = await call<BreakdownResult>('fetch_company_breakdowns', {
    client_uid: kept.client_uid,
  });

  // Assert
  const keptSpots = keptImport.report?.new_spots ?? 0;
  const dupSpots = dupImport.report?.new_spots ?? 0;
  expect(keptImport.client_uid).toBe(kept.client_uid);
  expect(dupImport.client_uid).toBe(dup.client_uid);
  expect(keptSpots).toBeGreaterThan(0);
  expect(dupSpots).toBeGreaterThan(0);
  expect(edited).toMatchObject({ name: 'Acme Furniture Outlet LLC', tags: ['duplicate'] });
  expect(merged).toMatchObject({
    into_client_uid: kept.client_uid,
    moved: { airings: dupSpots },
  });
  expect(again).toMatch(/HTTP 404/);
  expect(gone).toMatch(/HTTP 404/);
  expect(reimport.client_uid).toBe(kept.client_uid);
  expect(reimport.report?.new_spots).toBe(0);
  expect(report.report_date_start).toBe('2016-09-05');
  expect(report.summary.airings).toBe(keptSpots + dupSpots);
  expect(breakdown.breakdown_data).toMatchObject({
    report_id: run.report_id,
    airings: keptSpots + dupSpots,
  });
}, 240_000);

test('a help request about a client reaches the team inbox with the client attached, answerable to the asker, 5 an hour', async () => {
  const url = local.stack.url;
  const call = <T>(name: Parameters<typeof callApi>[1], input: Record<string, unknown>) =>
    callApi<T>(url, name, input, local.token);
  const client = (await call<{ client_info: ClientInfo }>('company_save', { name: 'Help Me Inc' }))
    .client_info;
  const ask = (message: string) =>
    call('request_help', { client_uid: client.client_uid, topic: 'report', message });

  const sent = await ask('My report is empty.');
  for (let i = 2; i <= 5; i++) await ask(`Still empty (${i}).`);
  const sixth = await ask('Hello?').catch((e: Error) => e.message);

  expect(sent).toEqual({ sent: true });
  const mails = outboxMails(local.stack.mailDir).filter((m) => m.text.includes(client.client_uid));
  expect(mails).toHaveLength(5);
  expect(mails[0]).toMatchObject({ subject: 'Help request (Report): Help Me Inc' });
  expect(mails[0]?.replyTo).toMatch(/@/);
  expect(mails[0]?.text).toContain('My report is empty.');
  expect(sixth).toMatch(/HTTP 429: You have sent 5 help requests in the last hour/);
}, 60_000);
