import { CampaignBlock } from '#shared/print/campaign-block';
import { CoverPage } from '#shared/print/cover-page';
import { ExecutiveSummary } from '#shared/print/executive-summary';
import type { PrintModel } from '#shared/print/print-model';
import { PRINT_COMPONENT_CSS } from '#shared/print/print-styles';
import { FootTrafficSection } from './foot-traffic-section';
import { IndustrySection } from './industry-section';
import { KpiSummary } from './kpi-summary';
import { pageCss } from './page-styles';
import { PrintTable } from './print-table';
import { ProDigitalSection } from './pro-digital-section';
import { SeriesChart } from './series-chart';

/**
 * Only inline styles and data: images may load: the printout never fetches anything (images are
 * inlined before rendering), so a file: or http address in the markup goes nowhere.
 */
export const PRINT_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

/** Props of {@link PrintDocument}. */
export interface PrintDocumentProps {
  model: PrintModel;
}

/**
 * The whole printout as one self-contained HTML document: cover page (own page),
 * executive summary, KPI summary, chart (and the hourly-visits notice), then one table per
 * dimension, then foot traffic when the report has store visits, then the Pro Digital section,
 * then the industry response summary when there is one; a SAMPLE DATA
 * watermark
 * on every page of a sample report (spec §2).
 */
export function PrintDocument({ model }: PrintDocumentProps) {
  const front = model.executiveSummary || model.kpis || model.chart;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={PRINT_CSP} />
        <title>{`${model.clientName} – ${model.period}`}</title>
        <style>{pageCss(model.landscape, model.includeHeader, model.includeFooter)}</style>
        <style>{PRINT_COMPONENT_CSS}</style>
      </head>
      <body>
        <main className={`pr-doc${model.landscape ? ' pr-doc--landscape' : ''}`}>
          {model.sample && (
            <div className="pr-watermark" aria-hidden="true" data-testid="print-watermark">
              SAMPLE DATA
            </div>
          )}
          {model.cover && <CoverPage cover={model.cover} />}
          {front && (
            <div className={model.cover ? 'pr-page-break' : undefined}>
              {model.executiveSummary && <ExecutiveSummary paragraphs={model.executiveSummary} />}
              {model.campaign && <CampaignBlock campaign={model.campaign} />}
              {model.kpis && <KpiSummary kpis={model.kpis} comparePeriod={model.comparePeriod} />}
              {model.chart && <SeriesChart {...model.chart} width={model.landscape ? 960 : 720} />}
              {model.hourlyNote && (
                <p className="pr-note" data-testid="print-hourly-note">
                  {model.hourlyNote}
                </p>
              )}
            </div>
          )}
          {model.tables.length > 0 && (
            <div className={model.cover || front ? 'pr-page-break' : undefined}>
              {model.campaign && !model.cover && !front && (
                <CampaignBlock campaign={model.campaign} />
              )}
              <h2>Breakdown tables</h2>
              {model.tables.map((t) => (
                <PrintTable key={t.dimension} table={t} />
              ))}
            </div>
          )}
          {model.footTraffic && (
            <div className="pr-page-break">
              <FootTrafficSection foot={model.footTraffic} />
            </div>
          )}
          {model.proDigital && (
            <div className="pr-page-break">
              <ProDigitalSection digital={model.proDigital} />
            </div>
          )}
          {model.industry && (
            <div
              className={
                model.cover ||
                front ||
                model.tables.length > 0 ||
                model.footTraffic ||
                model.proDigital
                  ? 'pr-page-break'
                  : undefined
              }
            >
              <IndustrySection industry={model.industry} />
            </div>
          )}
        </main>
      </body>
    </html>
  );
}
