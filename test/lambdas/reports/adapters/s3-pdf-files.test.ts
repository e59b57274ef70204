import { describe, expect, test } from 'vitest';
import { S3PdfFiles } from '../../../../lambdas/reports/adapters/s3-pdf-files';
import { LOCAL_BUCKETS } from '../../../../lib/local/s3';
import { s3LocalForFile } from '../../../support/s3-local';

const local = s3LocalForFile({
  name: 'print',
  corsOrigin: 'http://127.0.0.1:4999',
});

const PDF = new TextEncoder().encode('%PDF-1.4 test');
const KEY = 'reports/client-a/r-1/print-abc.pdf';

describe('printout files on the reports bucket', () => {
  test('a browser on this machine downloads the stored PDF from its link', async () => {
    const files = new S3PdfFiles(local.client, LOCAL_BUCKETS.reports);
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
    const files = new S3PdfFiles(local.client, LOCAL_BUCKETS.reports);
    await files.put(KEY, PDF);

    const res = await fetch(await files.link(KEY, { fileName: 'a.pdf', download: false }));

    expect(res.headers.get('content-disposition')).toBe('inline; filename="a.pdf"');
  });
});
