import type { Caller } from '#shared/auth/caller';
import { campaignScope } from '#shared/campaigns/campaign-scope';
import type { CompaniesRepository } from '#shared/companies/companies';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import type { PrintReportRequest, PrintReportResult } from '#shared/contracts/print.schema';
import type { StoredReportView } from '#shared/contracts/report.schema';
import { isStoredLogo } from '#shared/contracts/report-session.schema';
import { creativeNameMap, withCreativeNames } from '#shared/creatives/creative-names';
import type { CreativesRepository } from '#shared/creatives/creatives';
import { NotFound } from '#shared/errors';
import { campaignPrintable, printCampaign } from '#shared/print/print-campaign';
import { buildPrintModel, printsIndustry } from '#shared/print/print-model';
import type { DrillDocument } from '../core/drill-codec';
import { type CampaignReader, drillPeriod } from '../core/drilldowns';
import { lockedSections, withholdView } from '../core/feature-gates';
import { loadStoredView, readableReport } from '../core/get-report';
import { type IndustryInsightsDeps, industryInsights } from '../core/industry-insights';
import { drillKey } from '../core/keys';
import type { ReportStore } from '../core/ports';
import { type AllowanceDeps, reportAllowance } from '../core/usage';
import type { ImageFetcher, PdfFiles, PdfRenderer } from './ports';
import { industryDigest, printFileName, printHash, printKeys } from './print-keys';
import { renderPrintPage } from './render-html';

/**
 * Dependencies of {@link printReport} (usage and plans: the report sections the caller has
 * unlocked past the free reports).
 */
export interface PrintReportDeps extends AllowanceDeps {
  companies: CompaniesRepository;
  /** Report documents and printout metadata (the reports bucket). */
  store: ReportStore;
  renderer: PdfRenderer;
  files: PdfFiles;
  images: ImageFetcher;
  /** What the industry response summary reads (companies, benchmarks, industries, plans). */
  insights: IndustryInsightsDeps;
  /** The client's creatives, whose user-given names the printout shows (update_creatives). */
  creatives?: Pick<CreativesRepository, 'list'>;
  /**
   * The client's campaigns (CompaniesTable; lambdas/campaigns), read when the request names
   * one. Absent: every campaign_uid answers 404 (Campaign).
   */
  campaigns?: CampaignReader;
}

/**
 * The stored view narrowed to a campaign, as fetch_drilldowns narrows it: the summary and every
 * table re-aggregated over the campaign's airings (core/drilldowns.ts drillPeriod with
 * campaign-scope.ts), printed as print-campaign.ts campaignPrintable says.
 * @throws NotFound ('Report') when the report has no drill data (stored before it was kept).
 */
async function scopedView(
  store: ReportStore,
  stored: StoredReportView,
  reportId: string,
  campaign: Campaign,
): Promise<StoredReportView> {
  const drill = await store.getJson<DrillDocument>(drillKey(stored.client_uid, reportId));
  if (!drill) throw new NotFound('Report');
  const whole = { broadcast_type: 'all' as const, drill: [] };
  const period = drillPeriod(drill.main, whole, 'all', campaignScope(campaign));
  return { ...campaignPrintable(stored, period), airing_count: period.summary.airings };
}

/** What a stored printout's metadata object holds. */
interface PrintMeta {
  pages: number;
  bytes: number;
}

/**
 * print_report (spec §7 "print_report (POST download or GET view link)"): produces a real PDF
 * with the cover page and executive summary.
 * Steps: 1. load the client the caller may read, and with campaign_uid the client's own stored
 * campaign (never the request's scope); 2. pick report_id or the client's latest and
 * read its stored view (core/get-report.ts loadStoredView: no per-airing list), and (unless only
 * the tables print) the industry response summary of that report for this caller
 * (core/industry-insights.ts: locked sections carry no numbers); past the free reports, the
 * sections sold one by one that the caller has not unlocked are left out (creative breakdowns,
 * foot traffic: core/feature-gates.ts); with a campaign, the view is narrowed to its airings
 * ({@link scopedView}) and the campaign's name, flight and pacing print on the cover, in the
 * header and above the KPIs, without the industry panel; 3. when a printout of the same report, options,
 * customisation, industry panel (its digest: plan-dependent sections and benchmark date
 * included) and withheld sections is stored, reuse it; else 4. inline the cover and station logos (a
 * dead or unusable address just leaves the logo out), 5. build the print model and HTML, 6. render the
 * PDF and store it, with its `{ pages, bytes }` only when every logo loaded (so a logo that
 * failed is tried again next time); 7. answer a short-lived link (download = saved as
 * file_name, otherwise opened inline).
 * @returns url, pages, bytes, file_name.
 * @throws NotFound ('Client') when the client is unknown or not readable by the caller (another
 *   customer's client answers the same); NotFound ('Campaign') when the client holds no such
 *   campaign (another client's campaign answers the same); NotFound ('Report') when it has no
 *   such report (or, for a campaign, no drill data);
 *   ValidationError for malformed ids; Error when the browser fails.
 */
export async function printReport(
  deps: PrintReportDeps,
  caller: Caller,
  input: PrintReportRequest,
): Promise<PrintReportResult> {
  const { client, reportId } = await readableReport(deps.companies, caller, input);
  const campaign = input.campaign_uid
    ? await deps.campaigns?.get(client.client_uid, input.campaign_uid)
    : null;
  if (input.campaign_uid && !campaign) throw new NotFound('Campaign');
  const [whole, industry, locked] = await Promise.all([
    loadStoredView(deps.store, client.client_uid, reportId),
    // The industry panel compares the whole report; a campaign's printout leaves it out.
    !campaign &&
    printsIndustry(input.print_options) &&
    !input.customize.hidden_sections.includes('industry')
      ? industryInsights(deps.insights, caller, {
          client_uid: client.client_uid,
          report_id: reportId,
        })
      : null,
    reportAllowance(deps, caller, client).then((flags) => lockedSections(deps, caller, flags)),
  ]);
  if (!whole) throw new NotFound('Report');
  const stored = campaign ? await scopedView(deps.store, whole, reportId, campaign) : whole;
  const { view: gated, withheld } = withholdView(stored, locked);
  const names = creativeNameMap((await deps.creatives?.list(client.client_uid)) ?? []);
  const doc = {
    ...withCreativeNames(gated, names),
    compare: gated.compare ? withCreativeNames(gated.compare, names) : null,
  };

  // What the caller may see shapes the printout: a PDF made for an entitled caller is never
  // reused for one who is not.
  const panel = industryDigest(industry);
  // The creatives' names print, so a rename makes a new printout.
  const renamed = [...names].map(([id, name]) => `creative:${id}=${name}`);
  const digest =
    withheld.length > 0 || renamed.length > 0
      ? [panel, ...withheld.map((s) => `locked:${s}`), ...renamed].join('|')
      : panel;
  const printedCampaign = campaign
    ? printCampaign(campaign, doc.summary, doc.report_date_end)
    : null;
  // The campaign as printed (and its scope, which shapes the figures): a scoped printout never
  // shares a file with the whole report's, and an edited campaign prints anew.
  const scopeKey = campaign
    ? JSON.stringify({
        uid: campaign.campaign_uid,
        scope: campaignScope(campaign),
        printedCampaign,
      })
    : null;
  const hash = printHash(doc.generated_at, input.print_options, input.customize, digest, scopeKey);
  const keys = printKeys(client.client_uid, reportId, hash);
  const fileName = printFileName(doc.advertiser, doc.report_date_start, doc.report_date_end);
  let meta = await deps.store.getJson<PrintMeta>(keys.meta);
  if (!meta) {
    const cover = input.customize.cover;
    const logoUrl = cover?.logo_url || null;
    const stationUrl = (cover?.show_station_logos && input.customize.station?.station_logo) || null;
    const [logo, stationLogo] = await Promise.all([
      logoUrl ? deps.images.fetchImage(logoUrl) : null,
      // An uploaded logo is already the resized PNG (update_station_info): nothing to fetch.
      stationUrl && isStoredLogo(stationUrl)
        ? stationUrl
        : stationUrl
          ? deps.images.fetchImage(stationUrl)
          : null,
    ]);
    const model = buildPrintModel(
      doc,
      input.print_options,
      input.customize,
      { logo, stationLogo },
      client.postlog_timezone,
      industry,
      printedCampaign,
    );
    const page = renderPrintPage(model);
    const { pdf, pages } = await deps.renderer.render(page.html, page.options);
    await deps.files.put(keys.pdf, pdf);
    meta = { pages, bytes: pdf.byteLength };
    // A logo that failed this time may load next time: only complete printouts are reused.
    if (Boolean(logo) === Boolean(logoUrl) && Boolean(stationLogo) === Boolean(stationUrl))
      await deps.store.putJson(keys.meta, meta);
  }
  const url = await deps.files.link(keys.pdf, { fileName, download: input.download });
  return { url, pages: meta.pages, bytes: meta.bytes, file_name: fileName };
}
