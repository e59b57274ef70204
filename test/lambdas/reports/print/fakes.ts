import type {
  ImageFetcher,
  PdfFiles,
  PdfRenderer,
  PdfRenderOptions,
} from '../../../../lambdas/reports/print/ports';

/** A renderer that records what it was asked to print and answers a tiny 3-page "PDF". */
export class FakeRenderer implements PdfRenderer {
  readonly calls: Array<{ html: string; options: PdfRenderOptions }> = [];
  async render(html: string, options: PdfRenderOptions) {
    this.calls.push({ html, options });
    return { pdf: new TextEncoder().encode('%PDF-1.4 fake'), pages: 3 };
  }
}

/** PDFs kept in a map; links are `memory://<key>?download=<bool>&name=<file>`. */
export class MemoryPdfFiles implements PdfFiles {
  readonly files = new Map<string, Uint8Array>();
  async put(key: string, pdf: Uint8Array) {
    this.files.set(key, pdf);
  }
  async link(key: string, options: { fileName: string; download: boolean }) {
    return `memory://${key}?download=${options.download}&name=${options.fileName}`;
  }
}

/** Answers a fixed data: URL per known address; others fail (null). Records the addresses asked. */
export class FakeImages implements ImageFetcher {
  readonly asked: string[] = [];
  constructor(private readonly known: Record<string, string> = {}) {}
  async fetchImage(url: string) {
    this.asked.push(url);
    return this.known[url] ?? null;
  }
}
