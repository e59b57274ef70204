import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { CompanyQueueResult } from '#shared/contracts/company-queue.schema';
import type { FamilyJobStatusResult, FamilyOptionsResult } from '#shared/contracts/families.schema';
import { callApi } from '../../lib/local/route-calls';
import { importDemoClient, stackForFile } from './support/stack';

// The generated families through the local gateway, the GenerateQueue poller, the Generate state
// machine in aws-local-stepfunctions (Build over DuckDB, Render with Chromium) and s3rver.
const local = stackForFile();

/** Polls generated_report_status until the job ends (a deadline, no fixed sleep). */
async function finished(jobId: string): Promise<FamilyJobStatusResult> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const s = await callApi<FamilyJobStatusResult>(
      local.stack.url,
      'generated_report_status',
      { job_id: jobId },
      local.token,
    );
    if (s.status === 'done' || s.status === 'failed') return s;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${s.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('a rep generates a quarterly report: the job completes with a PDF and a CSV, and shows in the tasks panel', async () => {
  const { clientUid } = await importDemoClient(local, {
    name: 'quarterly',
    advertiser: 'Quarter Mattress',
    weeks: 2,
    spotsPerDay: 4,
    seed: 7,
  });
  const options = await callApi<FamilyOptionsResult>(
    local.stack.url,
    'quarterly_report_options',
    {},
    local.token,
  );
  const mine = options.clients.find((c) => c.client_uid === clientUid);
  expect(mine?.periods[0]).toMatch(/^\d{4}-Q[1-4]$/);

  const { job_id } = await callApi<{ job_id: string }>(
    local.stack.url,
    'quarterly_report_generate',
    { client_uid: clientUid, quarter: mine?.periods[0], csv: true },
    local.token,
  );
  const done = await finished(job_id);
  expect(done).toMatchObject({ status: 'done', progress: 100 });
  const pdf = new Uint8Array(await (await fetch(done.pdf_url ?? '')).arrayBuffer());
  expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
  const csv = await (await fetch(done.csv_url ?? '')).text();
  expect(csv).toContain('Quarter over quarter');
  expect(csv).toContain('Best stations');

  const queue = await callApi<CompanyQueueResult>(
    local.stack.url,
    'company_queue_monitor',
    {},
    local.token,
  );
  const item = queue.user.find((i) => i.id === job_id);
  expect(item).toMatchObject({ report_type: 'generated_report', complete: true, failed: false });
  expect(item?.label).toContain('Quarterly report');

  const again = await callApi<FamilyOptionsResult>(
    local.stack.url,
    'monthly_report_options',
    {},
    local.token,
  );
  expect(again.recent.map((r) => r.job_id)).toContain(job_id);
  // Kept for a person to look at (pdftoppm -png).
  const out = join('test-results', 'generated-reports');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'quarterly.pdf'), pdf);
}, 240_000);

test("another customer's client is refused as unknown and a missing month is named", async () => {
  await expect(
    callApi(
      local.stack.url,
      'monthly_report_generate',
      { client_uid: 'client-of-someone-else', month: '2016-09' },
      local.token,
    ),
  ).rejects.toThrow(/monthly_report_generate: HTTP 404/);
  await expect(
    callApi(local.stack.url, 'monthly_report_generate', { client_uid: 'x1' }, local.token),
  ).rejects.toThrow(/month is required for the monthly report/);
});
