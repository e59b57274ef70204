import type { ReactNode } from 'react';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import {
  isHttpUrl,
  type PrintCustomize,
  type PrintCustomizeInput,
  type PrintOptions,
  printCustomizeSchema,
} from '#shared/contracts/print.schema';
import type { PeriodResult } from '#shared/contracts/report.schema';
import { CampaignBlock } from '#shared/print/campaign-block';
import { CoverPage } from '#shared/print/cover-page';
import { ExecutiveSummary } from '#shared/print/executive-summary';
import { campaignPrintable, printCampaign } from '#shared/print/print-campaign';
import { buildPrintModel, type PrintableReport, type PrintModel } from '#shared/print/print-model';
import { PRINT_COMPONENT_CSS } from '#shared/print/print-styles';
import { browserTimeZone } from '../lib/series';
import { DEFAULT_PRINT_OPTIONS } from './print-dialog';

/** Sheet styles of the on-screen preview (Letter paper at 96 px per inch). */
const PREVIEW_CSS = `
.pv { background: #e9edf2; padding: 24px 12px; display: flex; flex-direction: column; gap: 24px; align-items: center; }
.pv-sheet { position: relative; overflow: hidden; background: #fff; box-shadow: 0 2px 10px rgba(18, 50, 74, 0.18); width: 8.5in; min-height: 11in; padding: 0.5in; box-sizing: border-box; display: flex; flex-direction: column; }
.pv-sheet--landscape { width: 11in; min-height: 8.5in; }
.pv-sheet .pr-watermark { position: absolute; }
.pv-sheet .pr-cover { flex: 1; min-height: 0; }
.pv-band { display: flex; justify-content: space-between; font-size: 8pt; color: #5b6b82; }
.pv-band--top { margin: -0.25in 0 0.2in; }
.pv-band--bottom { margin: auto 0 -0.25in; padding-top: 0.2in; }
.pv-body { flex: 1; }
`;

/** A customisation as the printout would read it; an invalid one previews as the defaults. */
function parsedCustomize(input: PrintCustomizeInput | undefined): PrintCustomize {
  const parsed = printCustomizeSchema.safeParse(input ?? {});
  return parsed.success ? parsed.data : printCustomizeSchema.parse({});
}

/** One sheet of paper: watermark, header band, content, footer band, as they will print. */
function Sheet({
  model,
  label,
  children,
}: {
  model: PrintModel;
  label: string;
  children: ReactNode;
}) {
  return (
    <section
      className={`pv-sheet${model.landscape ? ' pv-sheet--landscape' : ''}`}
      aria-label={label}
    >
      {model.sample && (
        <div className="pr-watermark" aria-hidden="true">
          SAMPLE DATA
        </div>
      )}
      {model.includeHeader && (
        <div className="pv-band pv-band--top" data-testid="preview-header">
          <span>
            {model.clientName}
            {model.campaign
              ? ` · Campaign: ${model.campaign.name} (flight ${model.campaign.flight})`
              : ''}
          </span>
          <span>{model.period}</span>
        </div>
      )}
      <div className="pv-body">{children}</div>
      {model.includeFooter && (
        <div className="pv-band pv-band--bottom" data-testid="preview-footer">
          <span>AnalyticOwl · generated {model.generatedOn}</span>
          <span>Page numbers print here</span>
        </div>
      )}
    </section>
  );
}

/** Props of {@link PreviewMode}. */
export interface PreviewModeProps {
  /** The report on screen (get_report's ReportView fits). */
  report: PrintableReport;
  /** What the printout will say (the Customize window's values). @default none */
  customize?: PrintCustomizeInput;
  /** Print options (panel, landscape, header, footer). @default DEFAULT_PRINT_OPTIONS */
  options?: Partial<PrintOptions>;
  /** IANA zone for chart labels. @default the report's zone, else the browser's */
  timeZone?: string;
  /**
   * The campaign the report on screen is scoped to and its figures (fetch_drilldowns' `main`
   * for the campaign): the sheets show them as print_report prints them. @default none
   */
  campaign?: { campaign: Campaign; main: PeriodResult } | null;
  /** The report body as the screen shows it, placed on the sheets after the front pages. */
  children?: ReactNode;
}

/**
 * Preview mode (spec §2 report mode "preview"): the report
 * laid out on Letter sheets (portrait or landscape) as print_report will print it. The cover
 * page and executive summary are the PDF's own components (layers/shared/print), fed by the
 * same print model, so screen and paper cannot drift; the header and footer bands and the SAMPLE
 * DATA watermark show when they will print. Logos load from their http(s) addresses here (the
 * PDF inlines them). Not mounted yet: the report page decides when preview mode is on.
 */
export function PreviewMode({
  report,
  customize,
  options,
  timeZone,
  campaign,
  children,
}: PreviewModeProps) {
  const opts: PrintOptions = { ...DEFAULT_PRINT_OPTIONS, ...options };
  const custom = parsedCustomize(customize);
  const logo = custom.cover?.logo_url;
  const stationLogo = custom.station?.station_logo;
  const doc = campaign ? campaignPrintable(report, campaign.main) : report;
  const model = buildPrintModel(
    doc,
    opts,
    custom,
    {
      logo: logo && isHttpUrl(logo) ? logo : null,
      stationLogo: stationLogo && isHttpUrl(stationLogo) ? stationLogo : null,
    },
    timeZone ?? report.time_zone ?? browserTimeZone(),
    null,
    campaign ? printCampaign(campaign.campaign, doc.summary, doc.report_date_end) : null,
  );
  return (
    <div className="pv" data-testid="preview-mode">
      <style>{PRINT_COMPONENT_CSS + PREVIEW_CSS}</style>
      {model.cover && (
        <Sheet model={model} label="Cover sheet">
          <div className={`pr-doc${model.landscape ? ' pr-doc--landscape' : ''}`}>
            <CoverPage cover={model.cover} />
          </div>
        </Sheet>
      )}
      {(model.executiveSummary || children) && (
        <Sheet model={model} label="Report sheet">
          <div className="pr-doc">
            {model.executiveSummary && <ExecutiveSummary paragraphs={model.executiveSummary} />}
            {model.campaign && <CampaignBlock campaign={model.campaign} />}
          </div>
          {children}
        </Sheet>
      )}
    </div>
  );
}
