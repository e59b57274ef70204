import { type ReactNode, useEffect } from 'react';
import type { ReportView } from '#shared/contracts/report.schema';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { formatDateRange } from '#shared/format';
import { useCompanies } from '../api/use-companies';
import { useReport } from '../api/use-report';
import { AppShell } from '../components/app-shell';
import { LoadingOverlay } from '../components/loading-overlay';
import { ProblemAlert } from '../components/problem-alert';
import { StateMessage } from '../components/state-message';
import { ConnectionsPanel } from '../connections/connections-panel';
import { clientAccessOf } from '../lib/client-access';
import { pickDefaultClient } from '../lib/clients';
import { knownTypes } from '../lib/tab-groups';
import { UploadPanel } from '../upload/upload-panel';
import { ClientPicker } from './client-picker';
import { ControlsBar } from './controls-bar';
import { ReportBody, type ReportBodyProps } from './report-body';
import { ReportHead } from './report-head';
import { type ReportRun, useReportRun } from './use-report-run';
import {
  type ReportUrlDefaults,
  type ReportUrlPatch,
  type ReportUrlState,
  useReportUrl,
} from './use-report-url';
import { useSectionAnchor } from './use-section-anchor';

/** Mount points of the report screen for components built elsewhere. */
export interface ReportPageProps {
  /** Report actions in the header (save, print, customize buttons). @default none */
  toolbar?: (report: ReportView | undefined) => ReactNode;
  /** Section visibility, settings and panels handed to the report body. @default none */
  body?: Omit<ReportBodyProps, 'report' | 'url' | 'onUrlChange'>;
  /** Runs owned by the caller (e.g. the saved-report dialog starts one). @default the page's own */
  run?: ReportRun;
  /** Replaces the report body (preview mode). @default the body */
  view?: (report: ReportView) => ReactNode;
  /** What the URL falls back to (the saved VPA mode and table sorts). @default built-in defaults */
  urlDefaults?: ReportUrlDefaults;
  /** Told of every change the report body makes to the view (to remember sorts and modes). */
  onViewChange?: (patch: ReportUrlPatch, before: ReportUrlState) => void;
}

/** A date part of an ISO instant, or '' (the run then covers every airing). */
const datePart = (instant: string | null | undefined) => instant?.slice(0, 10) ?? '';

/**
 * The report screen at /ss (spec §2 "Report screens"; house-style item 14 order): header with
 * the client, controls bar (run dates, comparison, window, method, view filters), then the
 * report body or its loading, empty and error states, then the data uploads and the client's
 * web-analytics connections (web/src/connections/). The whole session
 * (client, dates, filters, drill-downs, tab, sort) lives in the URL (use-report-url.ts).
 */
export function ReportPage({
  toolbar,
  body,
  run: outerRun,
  view,
  urlDefaults,
  onViewChange,
}: ReportPageProps = {}) {
  const [url, setUrl] = useReportUrl(urlDefaults);
  const changeView = (patch: ReportUrlPatch) => {
    // The view the patch applies to: a tab clicked just before may not be on screen yet.
    const before = setUrl(patch);
    onViewChange?.(patch, before);
  };
  const companies = useCompanies();
  const clients = companies.data?.clients ?? [];
  const clientUid = url.client ?? pickDefaultClient(clients);
  const company = clients.find((c) => c.client_uid === clientUid);
  const access = clientAccessOf(company);
  const report = useReport(clientUid, url.report);
  const ownRun = useReportRun(outerRun ? undefined : clientUid);
  const run = outerRun ?? ownRun;
  const current = report.data && report.data.client_uid === clientUid ? report.data : undefined;
  const reportLoading = clientUid !== undefined && report.isLoading && !current;
  const completedReportId = run.completedReportId;
  // A link to #connections or #uploads opens there once the report above has settled.
  useSectionAnchor(
    (companies.data !== undefined || companies.error !== undefined) && !reportLoading,
  );

  useEffect(() => {
    if (!completedReportId) return;
    setUrl({ report: completedReportId, drill: null, type: null, group: null });
    run.clear();
    void companies.mutate();
  }, [completedReportId, setUrl, run.clear, companies.mutate]);

  const windowMinutes = url.window ?? current?.settings.window ?? 8;
  const method = url.method ?? current?.settings.attribution_method ?? 'sessions';
  const dates = {
    from: url.from ?? current?.report_date_start ?? datePart(company?.first_airing_utc),
    to: url.to ?? current?.report_date_end ?? datePart(company?.last_airing_utc),
  };
  const compare =
    url.compareFrom && url.compareTo ? { from: url.compareFrom, to: url.compareTo } : null;
  const dateRange = current
    ? formatDateRange(current.report_date_start, current.report_date_end)
    : dates.from && dates.to
      ? formatDateRange(dates.from, dates.to)
      : 'All airings';
  const compareRange =
    current?.compare && current.report_compare_date_start && current.report_compare_date_end
      ? formatDateRange(current.report_compare_date_start, current.report_compare_date_end)
      : undefined;

  const startRun = () => {
    if (!clientUid || access.runBlocked) return;
    void run.start({
      client_uid: clientUid,
      window: windowMinutes,
      attribution_method: method,
      ...(dates.from && dates.to ? { date_start: dates.from, date_end: dates.to } : {}),
      ...(compare ? { compare_date_start: compare.from, compare_date_end: compare.to } : {}),
    });
  };

  return (
    <AppShell
      headerControls={
        <ClientPicker
          clients={clients}
          value={clientUid}
          onChange={(uid) =>
            setUrl({
              client: uid,
              report: null,
              drill: null,
              type: null,
              group: null,
              campaign: null,
            })
          }
        />
      }
    >
      <ReportHead
        title={current?.advertiser ?? company?.name ?? 'Reports'}
        dateRange={dateRange}
        compareRange={compareRange}
        generatedAt={current?.generated_at}
        sample={(current?.sample_data ?? company?.sample_data) === true}
        toolbar={toolbar?.(current)}
      />
      <ControlsBar
        dates={dates}
        compare={compare}
        onDatesChange={(d) => setUrl({ from: d.from || null, to: d.to || null })}
        onCompareChange={(c) => setUrl({ compareFrom: c?.from ?? null, compareTo: c?.to ?? null })}
        window={windowMinutes}
        method={method}
        onWindowChange={(w) => setUrl({ window: w })}
        onMethodChange={(m) => setUrl({ method: m })}
        types={knownTypes(current?.station_types ?? [])}
        type={url.type}
        onTypeChange={(type) => setUrl({ type, group: null, tab: null, sort: 'default' })}
        hasSpots={url.hasSpots}
        onHasSpotsChange={(hasSpots) => setUrl({ hasSpots })}
        onRun={startRun}
        running={run.progress !== null}
        disabled={!clientUid}
        runBlocked={access.runBlocked}
      />
      {run.problem && <ProblemAlert message={run.problem} onDismiss={run.clear} />}
      <div className="report-area" aria-busy={run.progress !== null || reportLoading}>
        {run.progress !== null && <LoadingOverlay progress={run.progress} />}
        {reportLoading && run.progress === null && <LoadingOverlay />}
        {companies.error ? (
          <StateMessage tone="error" title={GENERIC_ERROR_MESSAGE} />
        ) : report.error && !current ? (
          <StateMessage tone="error" title={GENERIC_ERROR_MESSAGE} />
        ) : current ? (
          (view?.(current) ?? (
            <ReportBody
              report={current}
              url={url}
              onUrlChange={changeView}
              canManageLocations={company?.perms?.edit === true}
              {...body}
            />
          ))
        ) : companies.data && clients.length === 0 ? (
          <StateMessage title="No clients yet">
            Upload a post-log below to add your first advertiser.
          </StateMessage>
        ) : report.data === null && !report.isLoading ? (
          <StateMessage title={access.runBlocked ? 'No report yet' : 'No report yet — run one'}>
            {access.runBlocked ? (
              <p>{access.runBlocked}</p>
            ) : company && company.airings > 0 ? (
              <p>
                {company.name} has {company.airings.toLocaleString('en-US')} airings.{' '}
                <a href="#uploads">Upload its website visits</a>, then press{' '}
                <strong>Run report</strong>.
              </p>
            ) : (
              <p>
                Choose a window and method above and press <strong>Run report</strong>. No airings
                yet? <a href="#uploads">Upload a post-log</a> first.
              </p>
            )}
          </StateMessage>
        ) : (
          <div className="skeleton" aria-hidden="true" />
        )}
      </div>
      <UploadPanel
        clientUid={clientUid}
        clientName={company?.name}
        readOnly={access.sample}
        canImport={access.import}
        onImported={async (job) => {
          void report.mutate();
          const fresh = await companies.mutate();
          // A post-log that created an advertiser: open it, so its visits upload is next.
          const created = job.kind === 'postlog' ? job.report?.newadvertisers[0] : undefined;
          const target = created && fresh?.clients.find((c) => c.name === created);
          if (target) setUrl({ client: target.client_uid, report: null });
        }}
      />
      <ConnectionsPanel
        clientUid={clientUid}
        clientName={company?.name}
        onChanged={() => void companies.mutate()}
      />
    </AppShell>
  );
}
