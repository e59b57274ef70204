import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { printCustomizeSchema, printOptionsSchema } from '#shared/contracts/print.schema';
import { buildPrintModel } from '#shared/print/print-model';
import {
  type ChromiumPdfRenderer,
  countPdfPages,
} from '../../../../lambdas/reports/adapters/chromium-pdf-renderer';
import {
  DEFAULT_CHROMIUM_PATH,
  localPdfRenderer,
} from '../../../../lambdas/reports/adapters/local-pdf-renderer';
import { renderPrintPage } from '../../../../lambdas/reports/print/render-html';
import { reportDoc } from '../print/fixtures';

/**
 * These tests drive the machine's real Chromium (Debian's, installed by .ci/run). They never
 * skip: without Chromium they fail, saying how to install it.
 */
const CHROMIUM = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
let renderer: ChromiumPdfRenderer;

beforeAll(() => {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install -y chromium`);
  renderer = localPdfRenderer();
});

afterAll(async () => {
  await renderer?.close();
});

const text = (pdf: Uint8Array) => Buffer.from(pdf).toString('latin1');

function printPage(options: Record<string, unknown> = {}, sample = false) {
  return renderPrintPage(
    buildPrintModel(
      reportDoc({ sample_data: sample }),
      printOptionsSchema.parse(options),
      printCustomizeSchema.parse({ cover: { preparer_name: 'Pat Smith' } }),
      { logo: null, stationLogo: null },
      'America/New_York',
    ),
  );
}

describe('local Chromium PDF renderer', () => {
  test('prints a multi-table report to a Letter PDF of several pages', async () => {
    const page = printPage();

    const out = await renderer.render(page.html, page.options);

    expect(text(out.pdf.slice(0, 5))).toBe('%PDF-');
    expect(out.pages).toBeGreaterThan(1);
    expect(out.pages).toBe(countPdfPages(out.pdf));
    expect(text(out.pdf)).toMatch(/\/MediaBox \[0 0 612 792\]/);
  });

  test('prints landscape pages when asked, reusing the running browser', async () => {
    const page = printPage({ landscape: true, include_header: false });

    const out = await renderer.render(page.html, page.options);

    expect(text(out.pdf)).toMatch(/\/MediaBox \[0 0 792 612\]/);
    expect(out.pages).toBeGreaterThan(1);
  });

  test('refuses every request the page makes, so only inlined images print', async () => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/gif' }).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    const html = `<!DOCTYPE html><html><head>
      <link rel="stylesheet" href="http://127.0.0.1:${port}/x.css"></head><body><h1>Logos</h1>
      <img src="http://127.0.0.1:${port}/logo.gif"><img src="file:///etc/hostname"></body></html>`;

    const out = await renderer.render(html, { landscape: false }).finally(() => server.close());

    expect(out.pages).toBe(1);
    expect(requests).toEqual([]);
  });
});

describe('countPdfPages', () => {
  test('counts page objects, not the page tree', () => {
    const pdf = new TextEncoder().encode(
      '%PDF-1.4\n1 0 obj <</Type /Pages /Count 2>>\n2 0 obj <</Type /Page>>\n3 0 obj <</Type/Page>>',
    );

    expect(countPdfPages(pdf)).toBe(2);
  });

  test('falls back to the page tree count when page objects are compressed', () => {
    expect(countPdfPages(new TextEncoder().encode('%PDF-1.7 <</Type /Pages /Count 7>>'))).toBe(7);
  });

  test('rejects bytes that are not a PDF', () => {
    expect(() => countPdfPages(new TextEncoder().encode('<html>'))).toThrow(/not produce a PDF/);
  });
});
