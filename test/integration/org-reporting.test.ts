import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { unzipSync } from 'fflate';
import { expect, test } from 'vitest';
import { ddbDocClient } from '#shared/aws/clients';
import { newClientRecord } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { ENV } from '#shared/workers';
import { callApi } from '../../lib/local/route-calls';
import { LOCAL_ORG } from '../../lib/local/seed';
import { importDemoClient, stackForFile } from './support/stack';

// generate_org_reporting through the local gateway, DynamoDB Local, s3rver and the OrgReporting
// state machine in aws-local-stepfunctions (its Map over the clients, Chromium for the PDFs).
const local = stackForFile();

const table = () => local.stack.env[ENV.companiesTable] ?? '';

type Status = { status: string; pdf_url?: string; csv_url?: string; error?: string };

/** Starts a family through its generate route and polls its status until it ends (a deadline). */
async function generated(route: string, input: Record<string, unknown>): Promise<Status> {
  const { job_id } = await callApi<{ job_id: string }>(local.stack.url, route, input, local.token);
  const deadline = Date.now() + 120_000;
  let status: Status;
  do {
    await new Promise((r) => setTimeout(r, 250));
    status = await callApi(local.stack.url, 'generated_report_status', { job_id }, local.token);
  } while ((status.status === 'queued' || status.status === 'running') && Date.now() < deadline);
  return status;
}

/** The text of a CSV link's file. */
const csvText = async (status: Status) => (await fetch(status.csv_url ?? '')).text();

let imported: Promise<{ clientUid: string }> | undefined;
/** The rep's client with airings (WADMO among its stations) and visits, imported once per file. */
const mattress = () =>
  (imported ??= importDemoClient(local, {
    name: 'rollup',
    advertiser: 'Rollup Mattress',
    weeks: 2,
    spotsPerDay: 4,
    seed: 11,
  }));

/** The roll-up job's item, polled until it leaves queued/running (a deadline, no fixed sleep). */
async function finished(jobId: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const out = await ddbDocClient().send(
      new GetCommand({ TableName: table(), Key: { pk: `GENJOB#${jobId}`, sk: 'META' } }),
    );
    const job = out.Item as { status: string; progress: number; zip_key?: string } | undefined;
    if (job && (job.status === 'done' || job.status === 'failed')) return job;
    if (Date.now() > deadline) throw new Error(`roll-up ${jobId} still ${job?.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('a rep rolls up the organisation: a zip with one PDF per client and one summary CSV', async () => {
  const { clientUid } = await mattress();
  const companies = new DynamoCompanies(ddbDocClient(), table());
  for (const [uid, org, name] of [
    ['rollup-2', LOCAL_ORG, 'Rollup Tires'],
    ['rollup-3', LOCAL_ORG, 'Rollup Sofas'],
    ['stranger-9', 'org-stranger', 'Stranger Secret Co'],
  ] as const)
    await companies.putClient(newClientRecord({ client_uid: uid, org_uid: org, name }, new Date()));

  const { job_id } = await callApi<{ job_id: string }>(
    local.stack.url,
    'generate_org_reporting',
    { org_uid: LOCAL_ORG, start: '2016-09-05', end: '2016-09-18' },
    local.token,
  );
  const job = await finished(job_id);

  expect(job).toMatchObject({ status: 'done', progress: 100 });
  const status = await callApi<{ status: string; zip_url?: string }>(
    local.stack.url,
    'generated_report_status',
    { job_id },
    local.token,
  );
  expect(status.status).toBe('done');
  const download = await fetch(status.zip_url ?? '');
  expect(download.status).toBe(200);
  const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
  const pdfs = Object.keys(files).filter((n) => n.endsWith('.pdf'));
  expect(pdfs.sort()).toEqual(['Rollup-Mattress.pdf', 'Rollup-Sofas.pdf', 'Rollup-Tires.pdf']);
  for (const name of pdfs) expect(new TextDecoder().decode(files[name]?.slice(0, 5))).toBe('%PDF-');
  const csv = new TextDecoder().decode(files['summary.csv']).trim().split('\r\n');
  expect(csv).toHaveLength(4);
  expect(csv[0]).toBe(
    'client,client_uid,airings,visits,vpa,spend_usd,cost_per_visit_usd,best_station,pdf,status',
  );
  const row = csv.find((l) => l.includes(clientUid))?.split(',') ?? [];
  expect(Number(row[2])).toBeGreaterThan(0);
  expect(row.at(-1)).toBe('ok');
  expect(csv.join('\n')).not.toContain('Stranger Secret Co');
  // Kept for a person to look at (pdftoppm -png): the client with airings.
  const out = join('test-results', 'org-reporting');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'Rollup-Mattress.pdf'), files['Rollup-Mattress.pdf'] as Uint8Array);
}, 240_000);

test("another customer's organisation is refused as unknown, and no job starts", async () => {
  await expect(
    callApi(
      local.stack.url,
      'generate_org_reporting',
      { org_uid: 'org-stranger', start: '2016-09-05', end: '2016-09-18' },
      local.token,
    ),
  ).rejects.toThrow(/generate_org_reporting: HTTP 404/);
});

test("the station month of a station with the rep's client is made through the Generate pipeline; another station is refused", async () => {
  await mattress();
  const { job_id } = await callApi<{ job_id: string }>(
    local.stack.url,
    'monthly_tsq_report_generate',
    { station_id: 'WADMO', month: '2016-09' },
    local.token,
  );
  const deadline = Date.now() + 120_000;
  let status: { status: string; pdf_url?: string; error?: string };
  do {
    await new Promise((r) => setTimeout(r, 250));
    status = await callApi(local.stack.url, 'generated_report_status', { job_id }, local.token);
  } while ((status.status === 'queued' || status.status === 'running') && Date.now() < deadline);

  expect(status, JSON.stringify(status)).toMatchObject({ status: 'done' });
  const pdf = new Uint8Array(await (await fetch(status.pdf_url ?? '')).arrayBuffer());
  expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
  writeFileSync(join('test-results', 'org-reporting', 'WADMO-station-month.pdf'), pdf);
  await expect(
    callApi(
      local.stack.url,
      'monthly_tsq_report_generate',
      { station_id: 'WZZZ', month: '2016-09' },
      local.token,
    ),
  ).rejects.toThrow(/monthly_tsq_report_generate: HTTP 404/);
}, 180_000);

test("the organisation's activity and an advertiser's report come out of the same pipeline with the rep's numbers", async () => {
  await mattress();

  const activity = await generated('activity_report_generate', {
    org_uid: LOCAL_ORG,
    start: '2016-01-01',
    end: '2030-12-31',
    csv: true,
  });
  const advertiser = await generated('advertiser_report_generate', {
    advertiser_id: (await mattress()).clientUid,
    start: '2016-09-05',
    end: '2016-09-18',
    csv: true,
  });

  expect(activity, JSON.stringify(activity)).toMatchObject({ status: 'done' });
  const activityCsv = await csvText(activity);
  // The imported client: onboarded, one finished post-log import with its new airings.
  expect(activityCsv).toMatch(/Rollup Mattress,\d{2}\/\d{2}\/\d{4},\d+,[1-9]\d*,0/);
  expect(advertiser, JSON.stringify(advertiser)).toMatchObject({ status: 'done' });
  expect(await csvText(advertiser)).toContain('WADMO,New York,21,');
}, 240_000);
