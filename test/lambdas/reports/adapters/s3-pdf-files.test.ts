import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { S3PdfFiles } from '../../../../lambdas/reports/adapters/s3-pdf-files';
import { LOCAL_BUCKETS, type LocalS3, startS3 } from '../../../../lib/local/s3';

let dir: string;
let s3: LocalS3;
let client: S3Client;

// The local stack's S3 (s3rver), configured as the handlers see it locally.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ao-print-'));
  s3 = await startS3({
    dir,
    port: 0,
    corsOrigins: ['http://127.0.0.1:4999'],
    onRecord: () => {},
    log: () => {},
  });
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

afterAll(async () => {
  client.destroy();
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

const PDF = new TextEncoder().encode('%PDF-1.4 test');
const KEY = 'reports/client-a/r-1/print-abc.pdf';

describe('printout files on the reports bucket', () => {
  test('a browser on this machine downloads the stored PDF from its link', async () => {
    const files = new S3PdfFiles(client, LOCAL_BUCKETS.reports);
    await files.put(KEY, PDF);

    const link = await files.link(KEY, { fileName: 'acme-03-01-2024.pdf', download: true });
    const res = await fetch(link);

    expect(new URL(link).searchParams.get('X-Amz-Expires')).toBe('900');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="acme-03-01-2024.pdf"',
    );
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
  });

  test('a view link opens the PDF inline', async () => {
    const files = new S3PdfFiles(client, LOCAL_BUCKETS.reports);
    await files.put(KEY, PDF);

    const res = await fetch(await files.link(KEY, { fileName: 'a.pdf', download: false }));

    expect(res.headers.get('content-disposition')).toBe('inline; filename="a.pdf"');
  });
});
