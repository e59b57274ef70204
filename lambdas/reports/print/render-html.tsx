import { renderToStaticMarkup } from 'react-dom/server';
import type { PrintModel } from '#shared/print/print-model';
import { footerTemplate, headerTemplate } from './page-chrome';
import type { PdfRenderOptions } from './ports';
import { PrintDocument } from './print-document';

/** A printout ready for the PdfRenderer: the page and its layout. */
export interface PrintPage {
  /** One self-contained HTML document (inline CSS, data: images only). */
  html: string;
  options: PdfRenderOptions;
}

/**
 * Renders a print model to HTML with react-dom/server (all text escaped by React) plus the
 * header and footer templates that apply (include_header, include_footer).
 */
export function renderPrintPage(model: PrintModel): PrintPage {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<PrintDocument model={model} />)}`;
  return {
    html,
    options: {
      landscape: model.landscape,
      ...(model.includeHeader
        ? {
            headerHtml: headerTemplate(
              model.clientName,
              model.period,
              model.campaign
                ? `${model.campaign.name} (flight ${model.campaign.flight})`
                : undefined,
            ),
          }
        : {}),
      ...(model.includeFooter
        ? { footerHtml: footerTemplate(model.generatedOn, model.sample) }
        : {}),
    },
  };
}
