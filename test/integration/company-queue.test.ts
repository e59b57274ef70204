import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { CompanyQueueResult, QueueItem } from '#shared/contracts/company-queue.schema';
import { resolveDataDir } from '#shared/reference/dmas';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';
import { type ImportCalls, importFile, pollUntil } from '../../lib/local/import-file';
import { callApi } from '../../lib/local/route-calls';
import { writeSimulatedVisits } from '../../lib/local/simulated-visits';
import { gatewayImports, stackForFile } from './support/stack';

const local = stackForFile();

const monitor = (input: Record<string, unknown> = {}) =>
  callApi<CompanyQueueResult>(local.stack.url, 'company_queue_monitor', input, local.token);

test('an import and a report run show up in the tasks panel with their progress, then complete; clearing hides them', async () => {
  const url = local.stack.url;
  const postlog = join(local.dir, 'queue-postlog.csv');
  writeFileSync(postlog, demoPostlogCsv({ weeks: 1, spotsPerDay: 4, seed: 5 }));

  // An upload that has its import job but not yet its file: the panel shows it under way.
  let beforeFile: QueueItem | undefined;
  const calls = gatewayImports(url, local.token);
  const watching: ImportCalls = {
    ...calls,
    createUpload: async (input) => {
      const created = await calls.createUpload(input);
      beforeFile = (await monitor()).user.find((i) => i.id === created.postlog_id);
      return created;
    },
  };
  const imported = await importFile(watching, {
    path: postlog,
    kind: 'postlog',
    advertiser: 'Queue Sofas',
  });
  const clientUid = imported.client_uid;
  const visitsFile = join(local.dir, 'queue-visits.csv');
  await writeSimulatedVisits(postlog, visitsFile, { dataDir: resolveDataDir(), seed: 5 });
  const visits = await importFile(calls, { path: visitsFile, kind: 'visits', clientUid });

  expect(beforeFile).toMatchObject({
    report_type: 'postlog_import',
    complete: false,
    failed: false,
  });
  expect(beforeFile?.progress).toBeGreaterThanOrEqual(0);
  expect(beforeFile?.progress).toBeLessThan(100);
  const afterImport = (await monitor()).user.find((i) => i.id === imported.postlog_id);
  expect(afterImport).toMatchObject({
    client_uid: clientUid,
    client_name: 'Queue Sofas',
    progress: 100,
    complete: true,
    failed: false,
  });

  // A report run: listed at once, not complete, then complete with its report.
  const run = await callApi<{ report_id: string }>(
    url,
    'perform_report',
    { client_uid: clientUid },
    local.token,
  );
  const first = await monitor({ current_report_client_uid: clientUid });
  const started = first.user.find((i) => i.id === run.report_id);
  expect(started).toMatchObject({ report_type: 'report', report_id: run.report_id });
  expect(first.client.map((i) => i.id)).toContain(run.report_id);
  const seen: number[] = [started?.progress ?? -1];
  const done = await pollUntil(
    'the report run to complete in the tasks panel',
    async () => {
      const item = (await monitor()).user.find((i) => i.id === run.report_id);
      if (item) seen.push(item.progress);
      return item?.complete ? item : undefined;
    },
    120_000,
  );
  expect(done).toMatchObject({
    progress: 100,
    complete: true,
    failed: false,
    message: null,
    report_id: run.report_id,
  });
  expect((await monitor()).user.find((i) => i.id === visits.postlog_id)).toMatchObject({
    report_type: 'visits_import',
    complete: true,
  });
  expect(seen.every((p, i) => i === 0 || p >= (seen[i - 1] as number))).toBe(true);
  expect(Math.min(...seen)).toBeLessThan(100);
  expect(typeof first.version).toBe('string');

  // Clearing the client's queue hides its finished items, in the user queue too.
  const { cleared } = await callApi<{ cleared: number }>(
    url,
    'company_queue_clear',
    { queue: 'client', client_uid: clientUid },
    local.token,
  );
  expect(cleared).toBe(3);
  const after = await monitor({ current_report_client_uid: clientUid });
  expect(after.client).toEqual([]);
  expect(after.user.filter((i) => i.client_uid === clientUid)).toEqual([]);
}, 180_000);
