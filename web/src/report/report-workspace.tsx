import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { dimensionSchema, type ReportView } from '#shared/contracts/report.schema';
import { useCompanies } from '../api/use-companies';
import { useReport } from '../api/use-report';
import { saveReportDefaults, useReportSettings } from '../api/use-report-settings';
import { useSavedReport, useSavedReports } from '../api/use-saved-reports';
import { useCampaignPrintScope } from '../campaigns/use-campaign-print-scope';
import { clientAccessOf } from '../lib/client-access';
import { pickDefaultClient } from '../lib/clients';
import { printCustomizeOf } from '../lib/print-customize';
import { type SortState, sortToParam } from '../lib/sort';
import { rememberView, savedSort, urlDefaultsOf } from '../lib/view-settings';
import { ScheduleButton } from '../schedules/schedule-button';
import { CustomizePanel } from './customize-panel';
import { IndustryPanel } from './industry-panel';
import { FreeReportInfo, Paywall } from './paywall';
import { PreviewMode } from './preview-mode';
import { PrintDialog } from './print-dialog';
import { ReportBody } from './report-body';
import { ReportPage } from './report-page';
import { SaveReportDialog } from './save-report-dialog';
import { offersUpdatedReport, SavedReportDialog } from './saved-report-dialog';
import { SummaryEmailDialog } from './summary-email-dialog';
import { useReportRun } from './use-report-run';
import { type ReportUrlPatch, type ReportUrlState, useReportUrl } from './use-report-url';
import './report-workspace.css';

type Panel = 'customize' | 'print' | 'save' | 'email' | null;

/** What the locked panel shows under its blur: the server sends no insights to a locked caller. */
const LOCKED_INSIGHTS = [
  'Which station brings the most visits per airing, and by how much.',
  'The daypart and day that work best for your budget.',
  'How this period compares with the one before, and what each visit cost.',
];

/**
 * The insights panel (spec §2), with the sentences get_report computed. Behind the paywall
 * (max_reports) the server sends none, so placeholder lines sit under the blur.
 */
function InsightsPanel({ report }: { report: ReportView }) {
  const lines = report.max_reports ? LOCKED_INSIGHTS : (report.insights ?? []);
  if (lines.length === 0) return null;
  return (
    <Paywall locked={report.max_reports} label="Insights" product="advertiser">
      <section className="card insights" aria-labelledby="insights-title">
        <h2 id="insights-title" className="card__title">
          Insights
        </h2>
        <ul className="insights__list">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </Paywall>
  );
}

/**
 * The industry response summary of the report shown: its own side is that report (an older one
 * on screen is compared as it was, not through the client's latest). Read-only in preview.
 */
function ReportIndustryPanel({ report, readOnly }: { report: ReportView; readOnly?: boolean }) {
  return (
    <IndustryPanel
      clientUid={report.client_uid}
      reportId={report.report_id}
      sampleData={report.sample_data}
      readOnly={readOnly}
    />
  );
}

/**
 * The report screen with everything around the report: the toolbar (Customize,
 * Preview, Print / PDF, Save, saved reports), the Customize window with settings autosaved 5 s
 * after the last change (never for demo clients), preview mode, the print dialog (PDF from
 * print_report with the cover page and executive summary from the settings), save and the
 * saved-report dialog (Load Updated Report / Load Last Report, 20 s countdown), the free-report
 * info box, the paywall over the insights panel and the industry response summary of the report
 * shown (in preview too, read-only).
 */
/** A saved sort as text, for comparing ('' = the default order). */
const sortParam = (sort: SortState | undefined) => (sort === undefined ? '' : sortToParam(sort));

export function ReportWorkspace() {
  const [bare] = useReportUrl();
  const companies = useCompanies();
  const clients = companies.data?.clients ?? [];
  const clientUid = bare.client ?? pickDefaultClient(clients);
  const company = clients.find((c) => c.client_uid === clientUid);
  // Without `edit` (the sample client, a view-only share) nothing is stored: settings apply for
  // the visit, and Save report and a newer run of a saved report are not offered.
  const access = clientAccessOf(company);
  const readOnly = !access.edit;
  const settings = useReportSettings(clientUid, { readOnly });
  const urlDefaults = useMemo(() => urlDefaultsOf(settings.settings), [settings.settings]);
  const [url, setUrl] = useReportUrl(urlDefaults);
  // A sort or mode picked on screen is saved with the settings (applied to the stored ones).
  const rememberOnScreen = (patch: ReportUrlPatch, before: ReportUrlState) =>
    settings.update((stored) => rememberView(stored, patch, before) ?? stored);
  const report = useReport(clientUid, url.report);
  const current = report.data && report.data.client_uid === clientUid ? report.data : undefined;
  const run = useReportRun(clientUid);
  const saved = useSavedReports(access.sample ? undefined : clientUid);
  const opening = useSavedReport(clientUid, url.saved);
  const [panel, setPanel] = useState<Panel>(null);
  // The view on screen (tab, dates, drill-downs), kept in the summary e-mail's link back.
  const { search } = useLocation();
  const [preview, setPreview] = useState(false);
  // The preview's cover and summary show the campaign the PDF will be scoped to.
  const printScope = useCampaignPrintScope(preview ? current : undefined, url.campaign);
  const doc = settings.settings;
  const customize = printCustomizeOf(doc);

  const savedView = opening.data;
  const askSaved =
    savedView && company && offersUpdatedReport(company) && access.edit && savedView.stale
      ? savedView
      : null;
  const openAsSaved = savedView && !askSaved && url.saved ? savedView.saved_report.report_id : null;
  useEffect(() => {
    // Nothing newer (or a sample client): open the saved report as it was.
    if (openAsSaved) setUrl({ saved: null, report: openAsSaved });
  }, [openAsSaved, setUrl]);

  const hiddenColumns = Object.fromEntries(
    Object.entries(doc.tables).map(([k, t]) => [k, t?.hidden_columns ?? []]),
  );

  return (
    <>
      <ReportPage
        run={run}
        urlDefaults={urlDefaults}
        onViewChange={rememberOnScreen}
        toolbar={(view) =>
          view && (
            <div className="report-toolbar" role="toolbar" aria-label="Report actions">
              <button type="button" className="button" onClick={() => setPanel('customize')}>
                Customize
              </button>
              <button
                type="button"
                className="button"
                aria-pressed={preview}
                onClick={() => setPreview((p) => !p)}
              >
                {preview ? 'Close preview' : 'Preview'}
              </button>
              <button type="button" className="button" onClick={() => setPanel('print')}>
                Print / PDF
              </button>
              <ScheduleButton
                clientUid={view.client_uid}
                clientName={company?.name ?? view.advertiser}
                perms={company?.perms}
                sample={access.sample}
              />
              <button type="button" className="button" onClick={() => setPanel('email')}>
                E-mail summary
              </button>
              {!readOnly && (
                <button type="button" className="button" onClick={() => setPanel('save')}>
                  Save report
                </button>
              )}
              {!access.sample && (saved.data?.saved_reports.length ?? 0) > 0 && (
                <label className="report-toolbar__saved">
                  <span className="visually-hidden">Open a saved report</span>
                  <select
                    value=""
                    onChange={(e) => e.target.value && setUrl({ saved: e.target.value })}
                  >
                    <option value="">Saved reports…</option>
                    {saved.data?.saved_reports.map((r) => (
                      <option key={r.saved_id} value={r.saved_id}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {readOnly && (
                <p className="report-toolbar__note" role="status">
                  {settings.dirty ? 'Your changes to this report apply to this visit only.' : ''}
                </p>
              )}
            </div>
          )
        }
        view={
          preview
            ? (view) => (
                <PreviewMode report={view} customize={customize} campaign={printScope}>
                  <ReportBody
                    report={view}
                    url={url}
                    onUrlChange={(patch) => rememberOnScreen(patch, setUrl(patch))}
                    sections={doc.sections}
                    industry={<ReportIndustryPanel report={view} readOnly />}
                  />
                </PreviewMode>
              )
            : undefined
        }
        body={{
          sections: doc.sections,
          showRoi: doc.roi,
          hiddenColumns,
          calculator: {
            initial: doc.calculator.ad_spend_cents > 0 ? doc.calculator : undefined,
            onChange: (inputs) => settings.update((s) => ({ ...s, calculator: inputs })),
          },
          insights: current && (
            <>
              <FreeReportInfo show={current.free_report} />
              <InsightsPanel report={current} />
            </>
          ),
          industry: current && <ReportIndustryPanel report={current} />,
        }}
      />
      {panel === 'customize' && (
        <CustomizePanel
          settings={doc}
          onChange={(next) => {
            // A mode or sort picked in Customize shows at once, even over the link's own.
            const tab = dimensionSchema.safeParse(url.tab);
            const sorted =
              tab.success &&
              sortParam(savedSort(next.tables[tab.data])) !==
                sortParam(savedSort(doc.tables[tab.data]));
            if (next.vpa !== doc.vpa || sorted) {
              setUrl({
                ...(next.vpa !== doc.vpa ? { vpa: null } : {}),
                ...(sorted ? { sort: 'default' as const } : {}),
              });
            }
            settings.update(next);
          }}
          onReset={settings.reset}
          onClose={() => {
            settings.flush();
            setPanel(null);
          }}
          readOnly={readOnly ? (access.sample ? 'sample' : 'view') : undefined}
          status={{ saving: settings.saving, dirty: settings.dirty, saveError: settings.saveError }}
          onSaveDefaults={access.sample ? undefined : saveReportDefaults}
        />
      )}
      {panel === 'email' && clientUid && current && (
        <SummaryEmailDialog
          clientUid={clientUid}
          reportId={current.report_id}
          view={search}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'print' && clientUid && (
        <PrintDialog
          clientUid={clientUid}
          reportId={current?.report_id}
          campaignUid={url.campaign}
          customize={customize}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'save' && clientUid && current && (
        <SaveReportDialog
          clientUid={clientUid}
          reportId={current.report_id}
          settings={doc}
          onSaved={() => setPanel(null)}
          onClose={() => setPanel(null)}
        />
      )}
      {askSaved && clientUid && (
        <SavedReportDialog
          view={askSaved}
          onLoadLast={() => setUrl({ saved: null, report: askSaved.saved_report.report_id })}
          onLoadUpdated={() => {
            const p = askSaved.saved_report.params;
            setUrl({ saved: null, report: null });
            void run.start({
              client_uid: clientUid,
              date_start: p.date_start,
              date_end: p.date_end,
              window: p.window,
              attribution_method:
                p.attribution_method === 'pageviews' || p.attribution_method === 'newuserbaseline'
                  ? p.attribution_method
                  : 'sessions',
            });
          }}
        />
      )}
    </>
  );
}
