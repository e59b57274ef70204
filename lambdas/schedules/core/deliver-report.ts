import { readableClient } from '#shared/companies/companies';
import { printCustomizeSchema, printOptionsSchema } from '#shared/contracts/print.schema';
import {
  type ReportDocument,
  type StoredReportView,
  storedViewOf,
} from '#shared/contracts/report.schema';
import {
  isStoredLogo,
  reportSettingsDocSchema,
  withUserDefaults,
} from '#shared/contracts/report-session.schema';
import { AppError } from '#shared/errors';
import { formatDateRange } from '#shared/format';
import { printCustomizeOf } from '#shared/print/print-customize';
import { buildPrintModel } from '#shared/print/print-model';
import { DIMENSIONS, hasShareColumns } from '#shared/report/dimensions';
import { broadcastCsv } from '#shared/report/report-csv';
import { lockedSections, withholdView } from '../../reports/core/feature-gates';
import { workKeys, workPrefix } from '../../reports/core/keys';
import { resolveReportParams } from '../../reports/core/params';
import type { ReportJobs, ReportStepPayload } from '../../reports/core/ports';
import type { ReportSettingsStore, UserDirectory } from '../../reports/core/report-session-ports';
import { type StepDeps, stepAggregate, stepAttribute, stepExtract } from '../../reports/core/steps';
import { type AllowanceDeps, reportAllowance } from '../../reports/core/usage';
import type { ImageFetcher, PdfRenderer } from '../../reports/print/ports';
import { printFileName } from '../../reports/print/print-keys';
import { renderPrintPage } from '../../reports/print/render-html';
import { OWNER_LOST_CLIENT, ownerCaller } from './deliver-access';
import {
  type DeliveryDocument,
  type DeliveryDocuments,
  type DeliveryPeriod,
  DeliveryRefused,
} from './deliver-ports';

/** Dependencies of {@link scheduledReportDocuments}. */
export interface DeliverReportDeps {
  /** The report state machine's steps, run here in-process (their `jobs` is not used). */
  steps: Omit<StepDeps, 'jobs'>;
  /** The owner's saved report settings and station/rep defaults. */
  settings: Pick<ReportSettingsStore, 'getSettings'>;
  users: Pick<UserDirectory, 'getDefaults'>;
  /** Which sold-one-by-one sections the owner has unlocked (nothing is counted). */
  allowance: AllowanceDeps;
  renderer: PdfRenderer;
  images: ImageFetcher;
  /** New unique ids (the run's work prefix). */
  newId: () => string;
}

/**
 * The steps' job port for a run nobody watches: a scheduled run has no job row, so it never shows
 * in the tasks panel and never counts as a report run.
 */
const UNWATCHED_JOBS: ReportJobs = {
  create: async () => {},
  get: async () => null,
  update: async () => {},
  listBySession: async () => [],
};

/**
 * The client's report for a delivery period, as a PDF printed with the owner's saved settings
 * (a delivery runs the report pipeline and renders the PDF with the print Lambda).
 * Steps: 1. only `what.kind: 'report'` (families render elsewhere); 2. the client as its owner
 * may read it now (a removed share stops the deliveries); 3. the owner's saved settings with
 * their station and rep defaults; 4. the report parameters for the period's local dates (the
 * default window and method, as a new report on screen); 5. the state machine's Extract,
 * Attribute and Aggregate steps in-process, under a fresh work prefix: no job, no queue, no
 * run throttle, no free report counted, and no Store step (the client's latest report on screen
 * stays the one its users ran); 6. the sections sold one by one that the owner has not unlocked
 * are withheld, as print_report does; 7. the print model (cover, executive summary, sections and
 * columns from the settings; no industry panel) printed by the PdfRenderer; 8. the CSV of every
 * table when asked for.
 * @throws DeliveryRefused when the owner can no longer read the client, the kind is not the
 *   report, or the period has no airings or visits (user-safe reasons, no retries).
 */
export function scheduledReportDocuments(deps: DeliverReportDeps): DeliveryDocuments {
  return {
    async render(schedule, period, csv) {
      if (schedule.what.kind !== 'report') {
        throw new DeliveryRefused(`A ${schedule.what.kind} report cannot be delivered yet.`);
      }
      const owner = ownerCaller(schedule);
      const client = await readableClient(deps.steps.companies, owner, schedule.client_uid).catch(
        (error: unknown) => {
          throw error instanceof AppError ? new DeliveryRefused(OWNER_LOST_CLIENT) : error;
        },
      );
      const [stored, defaults] = await Promise.all([
        deps.settings.getSettings(owner.userId, client.client_uid),
        deps.users.getDefaults(owner.userId),
      ]);
      const parsed = reportSettingsDocSchema.safeParse(stored?.settings ?? {});
      const settings = withUserDefaults(
        parsed.success ? parsed.data : reportSettingsDocSchema.parse({}),
        defaults,
      );
      const doc = await runReport(deps, client.client_uid, period).catch((error: unknown) => {
        throw error instanceof AppError ? new DeliveryRefused(error.message) : error;
      });
      const locked = await lockedSections(
        deps.allowance,
        owner,
        await reportAllowance(deps.allowance, owner, client),
      );
      const { view } = withholdView(storedViewOf(doc), locked);
      const customize = printCustomizeSchema.parse(printCustomizeOf(settings));
      const cover = customize.cover;
      const logoUrl = cover?.logo_url || null;
      const stationUrl = (cover?.show_station_logos && customize.station?.station_logo) || null;
      const [logo, stationLogo] = await Promise.all([
        logoUrl ? deps.images.fetchImage(logoUrl) : null,
        // An uploaded station logo is already the resized PNG: nothing to fetch (as print_report).
        stationUrl && isStoredLogo(stationUrl)
          ? stationUrl
          : stationUrl
            ? deps.images.fetchImage(stationUrl)
            : null,
      ]);
      const model = buildPrintModel(
        view,
        printOptionsSchema.parse(undefined),
        { ...customize, hidden_sections: [...customize.hidden_sections, 'industry'] },
        { logo, stationLogo },
        client.postlog_timezone,
        null,
      );
      const page = renderPrintPage(model);
      const { pdf } = await deps.renderer.render(page.html, page.options);
      const result: DeliveryDocument = {
        title: `${view.advertiser} report: ${formatDateRange(period.start, period.end)}`,
        pdf,
        fileName: printFileName(view.advertiser, period.start, period.end),
        csv: csv ? tablesCsv(view) : null,
      };
      return result;
    },
  };
}

/** Step 5: Extract -> Attribute -> Aggregate in-process; the document Aggregate wrote. */
async function runReport(
  deps: DeliverReportDeps,
  clientUid: string,
  period: DeliveryPeriod,
): Promise<ReportDocument> {
  const client = await deps.steps.companies.getClient(clientUid);
  if (!client) throw new DeliveryRefused('The client no longer exists.');
  const params = resolveReportParams(client, { date_start: period.start, date_end: period.end });
  const reportId = `scheduled-${deps.newId()}`;
  const steps: StepDeps = { ...deps.steps, jobs: UNWATCHED_JOBS };
  let payload: ReportStepPayload = {
    report_id: reportId,
    session_uid: reportId,
    client_uid: clientUid,
    report_type: 'pro_insights',
    params,
    work_prefix: workPrefix(reportId),
  };
  payload = await stepExtract(steps, payload);
  payload = await stepAttribute(steps, payload);
  payload = await stepAggregate(steps, payload);
  const key = workKeys(payload.work_prefix).document;
  const doc = await deps.steps.store.getJson<ReportDocument>(key);
  if (!doc) throw new Error(`work object missing: ${key}`);
  return doc;
}

/**
 * Every breakdown table of the report with rows, one after another in tab order: the table's
 * name on its own line, its CSV (the exact numbers the screen's Download CSV gives), a blank line.
 */
export function tablesCsv(view: Pick<StoredReportView, 'tables'>): string {
  const blocks: string[] = [];
  for (const info of DIMENSIONS) {
    const rows = view.tables[info.key];
    if (!rows || rows.length === 0) continue;
    blocks.push(`${info.tab}\r\n${broadcastCsv(info.column, rows, hasShareColumns(rows))}`);
  }
  return blocks.join('\r\n');
}
