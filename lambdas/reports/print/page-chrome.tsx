import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Chromium's header and footer bands (spec §2 print modes include_header, include_footer). Chromium renders
 * these templates outside the page, without its CSS, so every style is inline and the font size
 * is explicit; it fills elements of class `pageNumber` and `totalPages` per page. React escapes
 * the client's name.
 */

const BAND: CSSProperties = {
  fontSize: '8pt',
  fontFamily: "'Open Sans', 'DejaVu Sans', Arial, sans-serif",
  color: '#5b6b82',
  width: '100%',
  padding: '0 0.5in',
  display: 'flex',
  justifyContent: 'space-between',
};

/**
 * The header band: client name (and the campaign a scoped printout covers, with its flight) on
 * the left, report period on the right.
 */
export function headerTemplate(clientName: string, period: string, campaign?: string): string {
  return renderToStaticMarkup(
    <div style={BAND}>
      <span>
        {clientName}
        {campaign ? ` · Campaign: ${campaign}` : ''}
      </span>
      <span>{period}</span>
    </div>,
  );
}

/** The footer band: generated date on the left, `Page N of M` on the right. */
export function footerTemplate(generatedOn: string, sample: boolean): string {
  return renderToStaticMarkup(
    <div style={BAND}>
      <span>
        AnalyticOwl · generated {generatedOn}
        {sample ? ' · SAMPLE DATA' : ''}
      </span>
      <span>
        Page <span className="pageNumber" /> of <span className="totalPages" />
      </span>
    </div>,
  );
}
