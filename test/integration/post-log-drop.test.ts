import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  type CreateDropResult,
  type DropResultFile,
  dropResultFileSchema,
  type ListDropsResult,
} from '#shared/contracts/drops.schema';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';
import { pollUntil } from '../../lib/local/import-file';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { outboxMails } from './support/outbox';
import { importDemoClient, stackForFile } from './support/stack';

const local = stackForFile();

test('a post-log copied into a client drop folder is imported with no browser and ends up in the client report', async () => {
  // Prepare: a client with two weeks of airings and visits, and its owner's drop.
  const { url, mailDir } = local.stack;
  const call = <T>(name: string, input: Record<string, unknown>) =>
    callApi<T>(url, name as never, input, local.token);
  const { clientUid } = await importDemoClient(local, {
    name: 'acme',
    advertiser: 'Acme Furniture',
    weeks: 2,
    spotsPerDay: 6,
    seed: 11,
  });
  const before = await waitForReport(url, clientUid, {}, local.token);
  const first = await call<ReportDocument>('get_report', {
    client_uid: clientUid,
    report_id: before.report_id,
  });
  const made = await call<CreateDropResult>('create_drop', {
    client_uid: clientUid,
    label: 'WXYZ traffic system',
  });
  if (made.connection.mode !== 'folder') throw new Error('a local drop is a folder');
  const folder = made.connection.path;

  // Act: the traffic system copies its post-log into the folder; no create_upload, no browser.
  writeFileSync(
    join(folder, 'wxyz-week.csv'),
    demoPostlogCsv({ weeks: 2, spotsPerDay: 3, seed: 77 }),
  );
  const result: DropResultFile = await pollUntil(
    'the result file beside the dropped post-log',
    async () => {
      const path = join(folder, 'wxyz-week.csv.result.json');
      return existsSync(path)
        ? dropResultFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
        : undefined;
    },
    60_000,
  );
  const after = await waitForReport(url, clientUid, {}, local.token);
  const report = await call<ReportDocument>('get_report', {
    client_uid: clientUid,
    report_id: after.report_id,
  });
  const drops = await call<ListDropsResult>('list_drops', {
    organization_uid: made.drop.org_uid,
  });

  // Assert
  expect(result).toMatchObject({ status: 'applied', file: 'wxyz-week.csv' });
  expect(result.applied?.new_spots).toBeGreaterThan(0);
  expect(report.summary.airings).toBe(first.summary.airings + (result.applied?.new_spots ?? 0));
  const mails = outboxMails(mailDir);
  expect(mails).toContainEqual(
    expect.objectContaining({ subject: 'Post-log drop: wxyz-week.csv imported' }),
  );
  expect(drops.drops[0]).toMatchObject({
    drop_id: made.drop.drop_id,
    last_result: { file: 'wxyz-week.csv', status: 'applied', postlog_id: result.postlog_id },
  });
}, 240_000);
