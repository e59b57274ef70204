import { format } from 'date-fns';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { FamilyDocument, FamilyUnit } from '#shared/contracts/families.schema';
import { FAMILY_CSS, FamilyDocumentBody } from '#shared/print/family-document';
import { PRINT_COMPONENT_CSS } from '#shared/print/print-styles';
import { footerTemplate, headerTemplate } from '../../reports/print/page-chrome';
import { pageCss } from '../../reports/print/page-styles';
import type { PdfRenderOptions } from '../../reports/print/ports';
import { PRINT_CSP } from '../../reports/print/print-document';
import type { RenderDeps } from './ports';

/** A rendered family report: the PDF (starts with `%PDF`), its pages, and the CSV when asked. */
export interface RenderedFamily {
  pdf: Uint8Array;
  pages: number;
  /** One CSV of every table section (RFC 4180, CRLF), or null when not asked or no tables. */
  csv: string | null;
}

/**
 * The family document as one self-contained HTML page (built with createElement: this module
 * stays a plain .ts file others import as core/render) (inline CSS, no images, the printout's
 * Content-Security-Policy) and its page layout: Letter portrait, header band with the title and
 * period, footer band with the generated date and page numbers.
 */
export function familyPage(
  doc: FamilyDocument,
  generatedOn: string,
  sample = false,
): { html: string; options: PdfRenderOptions } {
  const h = createElement;
  const body = renderToStaticMarkup(
    h(
      'html',
      { lang: 'en' },
      h(
        'head',
        null,
        h('meta', { charSet: 'utf-8' }),
        h('meta', { httpEquiv: 'Content-Security-Policy', content: PRINT_CSP }),
        h('title', null, `${doc.title} – ${doc.period.label}`),
        h('style', null, pageCss(false, true, true)),
        h('style', null, PRINT_COMPONENT_CSS),
        h('style', null, FAMILY_CSS),
      ),
      h('body', null, h(FamilyDocumentBody, { doc, sample })),
    ),
  );
  return {
    html: `<!DOCTYPE html>${body}`,
    options: {
      landscape: false,
      headerHtml: headerTemplate(doc.title, `${doc.subtitle} · ${doc.period.label}`),
      footerHtml: footerTemplate(generatedOn, sample),
    },
  };
}

/**
 * One CSV cell per RFC 4180; text starting with `=`, `+`, `-`, `@`, tab or CR gets a leading
 * `'` so a spreadsheet never runs a station or creative name as a formula.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A figure as the CSV writes it: exact numbers, money in dollars with cents, shares as fractions. */
function csvValue(value: string | number | null | undefined, unit: FamilyUnit) {
  if (typeof value !== 'number') return value;
  if (unit === 'cents') return Math.round(value) / 100;
  if (unit === 'vpa' || unit === 'vpd') return Math.round(value * 10_000) / 10_000;
  if (unit === 'pct') return Math.round(value * 1_000_000) / 1_000_000;
  if (unit === 'visits') return Math.round(value * 100) / 100;
  return value;
}

/**
 * Every table section of the document as one CSV: per table a line with its title, the header
 * line, its rows, then an empty line. Money in dollars (from integer cents), percentages as
 * fractions (0.123 = 12.3%). Null when the document has no table.
 */
export function familyCsv(doc: FamilyDocument): string | null {
  const lines: string[] = [];
  for (const s of doc.sections) {
    if (s.kind !== 'table') continue;
    lines.push(csvCell(s.title));
    lines.push(s.columns.map((c) => csvCell(c.label)).join(','));
    for (const r of s.rows)
      lines.push(s.columns.map((c) => csvCell(csvValue(r[c.key], c.unit))).join(','));
    lines.push('');
  }
  return lines.length === 0 ? null : `${lines.join('\r\n')}\r\n`;
}

/**
 * Renders a family document to a real PDF through the report's print path (spec §7): the
 * shared family component to HTML, the PdfRenderer
 * (Chromium; the print Lambda in AWS) to a PDF, and with `csv` the CSV of its tables. Stores
 * nothing: the caller keeps, attaches or zips the files.
 * @throws Error when the browser cannot print.
 */
export async function renderFamily(
  deps: Pick<RenderDeps, 'renderer' | 'clock'>,
  doc: FamilyDocument,
  options: { csv: boolean; sample?: boolean },
): Promise<RenderedFamily> {
  const page = familyPage(doc, format(deps.clock.now(), 'MM/dd/yyyy'), options.sample ?? false);
  const { pdf, pages } = await deps.renderer.render(page.html, page.options);
  return { pdf, pages, csv: options.csv ? familyCsv(doc) : null };
}
