/**
 * Ports of print_report, which produces a real PDF (spec §7 print_report).
 * The use case (print-report.ts) receives these; lambdas/reports/adapters/*pdf* implements them
 * (Chromium through playwright-core locally, @sparticuz/chromium in Lambda, S3 for the files);
 * tests use in-memory fakes.
 */

/** How one PDF is laid out. */
export interface PdfRenderOptions {
  /** Letter landscape instead of Letter portrait. */
  landscape: boolean;
  /**
   * Chromium headerTemplate / footerTemplate HTML (elements with class pageNumber, totalPages
   * are filled in per page). Absent: that band stays empty; both absent: no header or footer.
   */
  headerHtml?: string;
  footerHtml?: string;
}

/** A rendered PDF. */
export interface RenderedPdf {
  /** The file, starting with `%PDF`. */
  pdf: Uint8Array;
  /** Pages in the file (at least 1). */
  pages: number;
}

/**
 * Renders one self-contained HTML page to a PDF. The page may only load data: URLs: every other
 * request (file:, http(s), ...) is refused, so printing never reads the server's files or waits
 * on a dead address.
 */
export interface PdfRenderer {
  /** @throws Error when the browser cannot start or the page cannot print. */
  render(html: string, options: PdfRenderOptions): Promise<RenderedPdf>;
}

/** Where printed PDFs are kept and how a browser gets them (the reports bucket). */
export interface PdfFiles {
  /** Stores a PDF (Content-Type application/pdf) at an object key. */
  put(key: string, pdf: Uint8Array): Promise<void>;
  /**
   * A short-lived GET link a browser can open: inline (view) or as an attachment (download)
   * saved as `fileName`.
   */
  link(key: string, options: { fileName: string; download: boolean }): Promise<string>;
}

/**
 * Fetches an image the printout shows (cover logo, station logo) and inlines it, so the page
 * itself never touches the network. Must give up quickly (a few seconds) and refuse non-images,
 * big files and addresses inside the server's own network.
 * @returns a `data:image/...;base64,` URL, or null when the image cannot be used.
 */
export interface ImageFetcher {
  fetchImage(url: string): Promise<string | null>;
}
