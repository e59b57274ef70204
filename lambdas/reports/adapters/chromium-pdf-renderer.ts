import type { Browser } from 'playwright-core';
import type { PdfRenderer, PdfRenderOptions, RenderedPdf } from '../print/ports';

/**
 * PdfRenderer on headless Chromium through playwright-core: print_report produces a real PDF,
 * locally and in a Lambda (spec §7 print_report). One browser per container, started on
 * the first print and reused; each print gets its own context (JavaScript off, every network
 * request refused) and closes it. The browser comes from `launch`: Debian Chromium locally
 * (local-pdf-renderer.ts), @sparticuz/chromium in Lambda (lambda-pdf-renderer.ts).
 */

/** setContent gives up after this many milliseconds (the page loads nothing, so this is ample). */
export const PRINT_LOAD_TIMEOUT_MS = 10_000;

/** Header and footer font is tiny unless set; the bands need this much margin, in inches. */
const MARGIN = { withBand: '0.75in', without: '0.5in' };

/**
 * Pages of a PDF: its `/Type /Page` objects (not `/Pages`), or else the largest `/Count` of
 * the page tree (files whose objects are compressed). Chromium writes page objects uncompressed.
 * @returns at least 1 for a file starting with `%PDF`.
 * @throws Error when the bytes are not a PDF.
 */
export function countPdfPages(pdf: Uint8Array): number {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  if (!text.startsWith('%PDF')) throw new Error('Chromium did not produce a PDF.');
  const pages = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  if (pages > 0) return pages;
  const counts = [...text.matchAll(/\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
  return Math.max(1, ...counts);
}

/** Renders on a browser from `launch`, started once and restarted if it dies. */
export class ChromiumPdfRenderer implements PdfRenderer {
  private browser: Promise<Browser> | null = null;

  constructor(private readonly launch: () => Promise<Browser>) {}

  private async connected(): Promise<Browser> {
    if (this.browser) {
      const current = await this.browser.catch(() => null);
      if (current?.isConnected()) return current;
    }
    const starting = this.launch();
    this.browser = starting;
    starting.catch(() => {
      if (this.browser === starting) this.browser = null;
    });
    return starting;
  }

  async render(html: string, options: PdfRenderOptions): Promise<RenderedPdf> {
    const browser = await this.connected();
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    try {
      const page = await context.newPage();
      // Images are inlined as data: URLs before rendering; anything else (file:, http) is refused.
      await page.route('**/*', (route) => route.abort('blockedbyclient'));
      await page.setContent(html, { waitUntil: 'load', timeout: PRINT_LOAD_TIMEOUT_MS });
      const bands = Boolean(options.headerHtml || options.footerHtml);
      const bytes = await page.pdf({
        format: 'Letter',
        landscape: options.landscape,
        printBackground: true,
        preferCSSPageSize: true,
        displayHeaderFooter: bands,
        headerTemplate: options.headerHtml ?? '<span></span>',
        footerTemplate: options.footerHtml ?? '<span></span>',
        margin: {
          top: options.headerHtml ? MARGIN.withBand : MARGIN.without,
          bottom: options.footerHtml ? MARGIN.withBand : MARGIN.without,
          left: MARGIN.without,
          right: MARGIN.without,
        },
      });
      const pdf = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return { pdf, pages: countPdfPages(pdf) };
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  /** Closes the browser (tests, local shutdown). */
  async close(): Promise<void> {
    const current = await this.browser?.catch(() => null);
    this.browser = null;
    await current?.close();
  }
}
