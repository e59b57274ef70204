import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { S3ReportFiles } from '../../../../lambdas/companies/adapters/client-adapters';
import { S3ReportStore } from '../../../../lambdas/reports/adapters/s3-report-store';
import { localS3Client } from '../../../support/s3-local';

const dir = mkdtempSync(join(tmpdir(), 's3rver-reports-'));
let server: { close(): Promise<void> };
let s3: S3Client;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'reports' }],
  });
  const { port } = await (server as unknown as { run(): Promise<{ port: number }> }).run();
  s3 = localS3Client(`http://127.0.0.1:${port}`);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test("a merged client's reports are copied whole into the kept client's folder, and only its own", async () => {
  const store = new S3ReportStore(s3, 'reports');
  const files = new S3ReportFiles(s3, 'reports', () => store);
  await store.putJson('reports/dup/r1.json', { report_id: 'r1' });
  await store.putJson('reports/dup/r1/view.json', { report_id: 'r1', summary: { vpa: 2 } });
  await store.putJson('reports/dup/r1/drill.json', { version: 1 });
  await store.putJson('reports/dup/r10.json', { report_id: 'r10' });
  await store.putJson('reports/dupe/r2.json', { report_id: 'r2' });

  const ids = await files.reportIds('dup');
  await files.copyReport('dup', 'keep', 'r1');

  expect(ids).toEqual(['r1', 'r10']);
  expect(await store.getJson('reports/keep/r1.json')).toEqual({ report_id: 'r1' });
  expect(await store.getJson('reports/keep/r1/drill.json')).toEqual({ version: 1 });
  expect((await files.view('keep', 'r1'))?.summary).toEqual({ vpa: 2 });
  expect(await store.getJson('reports/keep/r10.json')).toBeNull();
});
