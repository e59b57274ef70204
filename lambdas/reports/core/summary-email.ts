import type { Caller } from '#shared/auth/caller';
import type { CompaniesRepository } from '#shared/companies/companies';
import type { StoredReportView } from '#shared/contracts/report.schema';
import {
  type SendSummaryEmailInput,
  type SendSummaryEmailResult,
  SUMMARY_LINK_PARAMS,
  SUMMARY_RATE_LIMITED,
  SUMMARY_SENDS_PER_WINDOW,
  SUMMARY_WINDOW_S,
} from '#shared/contracts/summary-email.schema';
import { AppError, NotFound } from '#shared/errors';
import { formatDateRange, formatRatio } from '#shared/format';
import type { InlineImage, RawMailer } from '#shared/mail/raw-mail';
import { printKpis } from '#shared/print/print-kpis';
import { chartPoints } from '#shared/report/series';
import { topPerformers } from '#shared/report/top-performers';
import { summaryChartSvg } from '../email/summary-chart';
import { renderSummaryEmail, type SummaryEmailModel } from '../email/summary-email';
import { lockedSections, withholdView } from './feature-gates';
import { loadStoredView, readableReport } from './get-report';
import type { ReportStore } from './ports';
import type { UserDirectory } from './report-session-ports';
import { type AllowanceDeps, reportAllowance } from './usage';

/** Rasterises an SVG document to PNG bytes. */
export interface ChartImager {
  png(svg: string): Promise<Uint8Array>;
}

/**
 * Fixed-window slots (lambdas/accounts/adapters/dynamo-rate-limiter.ts): takes one of `limit`
 * slots of the current window atomically; null when the window is full.
 */
export interface SlotLimiter {
  take(key: string, windowS: number, limit: number): Promise<number | null>;
}

/** Dependencies of {@link sendSummaryEmail}. */
export interface SummaryEmailDeps extends AllowanceDeps {
  companies: CompaniesRepository;
  store: ReportStore;
  users: Pick<UserDirectory, 'displayName'>;
  /** One MIME message per recipient (text + HTML, the chart inline, Reply-To the sender). */
  mailer: RawMailer;
  chart: ChartImager;
  limiter: SlotLimiter;
  /** The web app's origin for the link back, e.g. `https://app.example.com` (no trailing slash). */
  appOrigin: string;
}

/** The chart's Content-ID inside the message. */
export const SUMMARY_CHART_CID = 'summary-chart@analyticowl';

/**
 * The link back to the report: always `<appOrigin>/ss?client=..&report=..`, plus the report
 * screen's own parameters from `view` (SUMMARY_LINK_PARAMS only, each value up to 200
 * characters), so a crafted request cannot point the e-mail anywhere but the app. Pure.
 */
export function summaryLink(
  appOrigin: string,
  clientUid: string,
  reportId: string,
  view: string,
): string {
  const params = new URLSearchParams({ client: clientUid, report: reportId });
  const allowed = new Set<string>(SUMMARY_LINK_PARAMS);
  let kept = 0;
  for (const [key, value] of new URLSearchParams(view.replace(/^\?/, ''))) {
    if (!allowed.has(key) || value.length > 200 || kept >= 40) continue;
    params.append(key, value);
    kept += 1;
  }
  return `${appOrigin}/ss?${params.toString()}`;
}

/** The note as paragraphs: lines trimmed, blank lines dropped. Pure. */
export function noteParagraphs(note: string): string[] {
  return note
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A header-safe one-line text of at most `max` characters. */
function oneLine(value: string, max = 120): string {
  const flat = value.replace(/[\r\n\t]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * What the summary e-mail shows for a report view (as the caller may see it): KPIs with their
 * change against the comparison period (the print's rules, shared/print/print-kpis.ts), the top
 * performers (shared/report/top-performers.ts), the chart's dates and the link. Pure.
 */
export function summaryEmailModel(
  view: Pick<
    StoredReportView,
    | 'advertiser'
    | 'report_date_start'
    | 'report_date_end'
    | 'report_compare_date_start'
    | 'report_compare_date_end'
    | 'summary'
    | 'compare'
    | 'tables'
    | 'series'
    | 'sample_data'
  >,
  parts: {
    timeZone: string;
    senderName: string;
    senderEmail: string;
    note: string;
    link: string;
    hasChart: boolean;
  },
): SummaryEmailModel {
  const period = formatDateRange(view.report_date_start, view.report_date_end);
  const comparePeriod =
    view.compare && view.report_compare_date_start && view.report_compare_date_end
      ? formatDateRange(view.report_compare_date_start, view.report_compare_date_end)
      : null;
  const points = view.series ? chartPoints(view.series, parts.timeZone) : [];
  const first = points[0];
  const last = points.at(-1);
  return {
    clientName: view.advertiser,
    period,
    comparePeriod,
    senderName: parts.senderName,
    senderEmail: parts.senderEmail,
    note: noteParagraphs(parts.note),
    kpis: printKpis(view.summary, view.compare?.summary ?? null),
    tops: topPerformers(view.tables).map((top) => ({
      title: top.title,
      label: top.row.label,
      detail: `${formatRatio(Math.max(0, top.row.visitsper))} VPA · ${top.row.ads.toLocaleString('en-US')} airings`,
      directional: top.directional,
    })),
    chart:
      parts.hasChart && view.series && first && last
        ? {
            cid: SUMMARY_CHART_CID,
            first: first.label,
            last: last.label,
            bucket: view.series.bucket,
          }
        : null,
    link: parts.link,
    sample: view.sample_data,
  };
}

/**
 * send_summary_email (spec §7). Steps: 1. take one of SUMMARY_SENDS_PER_WINDOW slots of the
 * caller's hour (429 SUMMARY_RATE_LIMITED past it; taken before the client is read, so probing
 * ids is throttled too); 2. load the client the caller may view and its stored report view
 * (404 otherwise: another customer's client answers as an unknown one); 3. withhold the sections
 * the caller has not unlocked past the free reports, exactly as the screen and the print do;
 * 4. build the model, draw the chart (SVG -> PNG), render HTML + text; 5. send one message per
 * recipient (recipients never see each other), Reply-To the sender.
 * @returns `{ sent: true, recipients }`.
 * @throws AppError 429 `rate_limited`; NotFound('Client') / NotFound('Report');
 *   ValidationError for malformed ids.
 */
export async function sendSummaryEmail(
  deps: SummaryEmailDeps,
  caller: Caller,
  input: SendSummaryEmailInput,
): Promise<SendSummaryEmailResult> {
  const slot = await deps.limiter.take(
    `summary-email#${caller.userId}`,
    SUMMARY_WINDOW_S,
    SUMMARY_SENDS_PER_WINDOW,
  );
  if (slot === null) throw new AppError(SUMMARY_RATE_LIMITED, 'rate_limited', 429);
  const { client, reportId } = await readableReport(deps.companies, caller, input);
  const [stored, locked] = await Promise.all([
    loadStoredView(deps.store, client.client_uid, reportId),
    reportAllowance(deps, caller, client).then((flags) => lockedSections(deps, caller, flags)),
  ]);
  if (!stored) throw new NotFound('Report');
  const { view } = withholdView(stored, locked);

  const senderEmail = caller.email || 'an AnalyticOwl user';
  const senderName = await deps.users.displayName(caller.userId, senderEmail);
  const points = view.series ? chartPoints(view.series, client.postlog_timezone) : [];
  const svg = summaryChartSvg(points);
  const png = svg ? await deps.chart.png(svg) : null;
  const model = summaryEmailModel(view, {
    timeZone: client.postlog_timezone,
    senderName: oneLine(senderName, 80),
    senderEmail,
    note: input.note,
    link: summaryLink(deps.appOrigin, client.client_uid, reportId, input.view),
    hasChart: png !== null,
  });
  const { html, text } = await renderSummaryEmail(model);
  const subject = `Report summary: ${oneLine(view.advertiser, 80)}, ${model.period}`;
  const inline: InlineImage[] = png
    ? [{ cid: SUMMARY_CHART_CID, filename: 'chart.png', contentType: 'image/png', content: png }]
    : [];
  for (const to of input.recipients) {
    await deps.mailer.send({
      to,
      ...(caller.email ? { replyTo: caller.email } : {}),
      subject,
      html,
      text,
      inline,
    });
  }
  return { sent: true, recipients: input.recipients };
}
