import type { IndustryInsights } from '../contracts/industry-insights.schema';
import type { PrintCustomize, PrintOptions } from '../contracts/print.schema';
import type { ReportDocument } from '../contracts/report.schema';
import { formatDateMDY, formatDateRange } from '../format';
import { hourlyNotice } from '../report/pro-digital';
import { type ChartPoint, chartPoints } from '../report/series';
import { executiveSummary } from './executive-text';
import type { PrintCampaign } from './print-campaign';
import { type PrintFootTraffic, printFootTraffic } from './print-foot-traffic';
import { type PrintIndustry, printIndustry } from './print-industry';
import { type PrintKpi, printKpis } from './print-kpis';
import { type PrintProDigital, printProDigital } from './print-pro-digital';
import { type PrintTable, printTables } from './print-tables';

/**
 * Everything the print template shows, decided here so the components only lay it out
 * (spec §2 preview and print modes: panel, cover page, executive summary). Pure.
 */

/** The cover page (spec §2: logo, client name, preparer name, time frame, tracked website, station logos). */
export interface PrintCover {
  /** A data: URL (print) or an http(s) address (on-screen preview); null = no logo. */
  logoSrc: string | null;
  clientName: string;
  preparerName: string;
  /** e.g. `03/01/2024 – 03/31/2024`. */
  timeFrame: string;
  trackedWebsite: string;
  /** Station logo when show_station_logos is on; null otherwise. */
  stationLogoSrc: string | null;
  /** Station lines (name, address, locale, phone, url), blanks dropped. */
  station: string[];
  /** Rep lines (name, title, e-mail, phone, text), blanks dropped. */
  rep: string[];
  /** The campaign the printout is scoped to (name, flight, pacing); absent or null: none. */
  campaign?: PrintCampaign | null;
}

/** The whole printout. */
export interface PrintModel {
  landscape: boolean;
  /** Simulated visits: every page carries the SAMPLE DATA watermark (spec §2). */
  sample: boolean;
  /** Client name printed in the header. */
  clientName: string;
  /** Report period, MM/DD/YYYY – MM/DD/YYYY (spec §9). */
  period: string;
  /**
   * The campaign the printout is scoped to: its figures are the campaign's airings only, and
   * the cover, header band and front page say so. Absent or null: the whole report.
   */
  campaign?: PrintCampaign | null;
  /** Comparison period, or null without one. */
  comparePeriod: string | null;
  /** Date the report was generated, MM/DD/YYYY (UTC). */
  generatedOn: string;
  includeHeader: boolean;
  includeFooter: boolean;
  cover: PrintCover | null;
  /** Paragraphs; null when the section is off. */
  executiveSummary: string[] | null;
  kpis: PrintKpi[] | null;
  /** Summary chart points (labels in `timeZone`); null when off or the series is empty. */
  chart: { points: ChartPoint[]; bucket: 'minute' | 'hour' | 'day'; timeZone: string } | null;
  /** Said under the chart when the visits are hourly (and why); null for minute visits. */
  hourlyNote: string | null;
  tables: PrintTable[];
  /** Store visits (foot traffic), printed with the tables; null without foot traffic. */
  footTraffic: PrintFootTraffic | null;
  /**
   * The Pro Digital section (website impact, detailed digital metrics), printed with the tables;
   * null when the report has none. Parts the caller has not unlocked print as locked, no numbers.
   */
  proDigital: PrintProDigital | null;
  /**
   * The industry response summary (unlocked sections with rows, and which are locked), printed
   * after everything else; null without an industry, rows, or on the tables-only panel.
   */
  industry: PrintIndustry | null;
}

/**
 * What a printout reads from a report: the stored document or the screen's ReportView (both
 * carry everything but the per-airing list, which nothing prints).
 */
export type PrintableReport = Omit<ReportDocument, 'airings'>;

/** The images the cover may show, already fetched (data: URLs) or null. */
export interface PrintImages {
  logo: string | null;
  stationLogo: string | null;
}

const lines = (values: Array<string | undefined>) =>
  values.map((v) => v?.trim() ?? '').filter((v) => v !== '');

function cover(
  doc: PrintableReport,
  customize: PrintCustomize,
  period: string,
  images: PrintImages,
): PrintCover {
  const c = customize.cover ?? {};
  const st = customize.station ?? {};
  const rep = customize.rep ?? {};
  return {
    logoSrc: images.logo,
    clientName: c.client_name || doc.advertiser,
    preparerName: c.preparer_name ?? '',
    timeFrame: c.time_frame || period,
    trackedWebsite: c.tracked_website ?? '',
    stationLogoSrc: c.show_station_logos ? images.stationLogo : null,
    station: lines([st.name, st.address, st.locale, st.phone, st.url]),
    rep: lines([rep.rep_name, rep.rep_title, rep.rep_email_address, rep.rep_phone, rep.rep_text]),
  };
}

/** Whether a printout with these options shows the industry response summary (not `tables`). */
export const printsIndustry = (options: Pick<PrintOptions, 'panel'>) => options.panel !== 'tables';

/**
 * Decides what prints. Panels: `full` = cover, executive summary, KPIs, chart (with the hourly
 * notice when the visits are hourly) and tables (with foot traffic when the report has store
 * visits, and the Pro Digital section), then the industry response summary;
 * `summary` = all but the tables; `tables` = the tables only. Then hidden_sections removes
 * sections (`cover`, `executive_summary`, `summary`, `chart`, `tables`, `industry`) or single tables
 * (a dimension key), and `cover.show: false` removes the cover.
 * @param timeZone IANA zone for the chart's minute and hour labels (the client's post-log zone)
 * @param industry the report's industry_insights answer for the caller (locked sections carry no
 *   numbers); null leaves the section out. @default null
 * @param campaign the campaign `doc` is already scoped to (print-campaign.ts), printed on the
 *   cover, in the header and above the KPIs; null for the whole report. @default null
 */
export function buildPrintModel(
  doc: PrintableReport,
  options: PrintOptions,
  customize: PrintCustomize,
  images: PrintImages,
  timeZone: string,
  industry: IndustryInsights | null = null,
  campaign: PrintCampaign | null = null,
): PrintModel {
  const hidden = new Set<string>(customize.hidden_sections);
  const front = options.panel !== 'tables';
  const on = (section: string) => !hidden.has(section);
  const period = formatDateRange(doc.report_date_start, doc.report_date_end);
  const comparePeriod =
    doc.compare && doc.report_compare_date_start && doc.report_compare_date_end
      ? formatDateRange(doc.report_compare_date_start, doc.report_compare_date_end)
      : null;
  const points = doc.series ? chartPoints(doc.series, timeZone) : [];
  const printed = { ...cover(doc, customize, period, images), campaign };
  return {
    landscape: options.landscape,
    sample: doc.sample_data,
    clientName: printed.clientName,
    period,
    campaign,
    comparePeriod,
    generatedOn: formatDateMDY(doc.generated_at),
    includeHeader: options.include_header,
    includeFooter: options.include_footer,
    cover: front && on('cover') && customize.cover?.show !== false ? printed : null,
    executiveSummary:
      front && on('executive_summary')
        ? executiveSummary(customize.executive_summary, doc, period, comparePeriod)
        : null,
    kpis: front && on('summary') ? printKpis(doc.summary, doc.compare?.summary ?? null) : null,
    chart:
      front && on('chart') && doc.series && points.length > 0
        ? { points, bucket: doc.series.bucket, timeZone }
        : null,
    hourlyNote:
      front && on('chart') ? hourlyNotice(doc.settings.resolution, doc.visits_hourly) : null,
    tables:
      options.panel !== 'summary' && on('tables')
        ? printTables(doc.tables, hidden, customize.hidden_columns)
        : [],
    footTraffic:
      options.panel !== 'summary' && on('tables')
        ? printFootTraffic(doc.foot_traffic, doc.settings.window, customize.hidden_columns)
        : null,
    proDigital:
      options.panel !== 'summary' && on('tables') ? printProDigital(doc.pro_digital) : null,
    industry: printsIndustry(options) && on('industry') ? printIndustry(industry) : null,
  };
}
