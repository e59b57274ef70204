import { useEffect } from 'react';
import { GENERIC_ERROR_MESSAGE } from '../../../layers/shared/errors';
import { useCompanies } from '../api/use-companies';
import { useReport } from '../api/use-report';
import { AppShell } from '../components/app-shell';
import { LoadingOverlay } from '../components/loading-overlay';
import { ProblemAlert } from '../components/problem-alert';
import { StateMessage } from '../components/state-message';
import { pickDefaultClient } from '../lib/clients';
import { formatDateMDY, formatDateRange } from '../lib/format';
import { UploadPanel } from '../upload/upload-panel';
import { ClientPicker } from './client-picker';
import { ControlsBar } from './controls-bar';
import { ReportBody } from './report-body';
import { useReportRun } from './use-report-run';
import { useReportUrl } from './use-report-url';

/**
 * The report screen at /ss (spec §2 "Report screens"; house-style item 14 order): header with
 * the client, controls bar, then the report (KPI tiles, chart, breakdown tabs) or its loading,
 * empty and error states, then the data uploads.
 */
export function ReportPage() {
  const [url, setUrl] = useReportUrl();
  const companies = useCompanies();
  const clients = companies.data?.clients ?? [];
  const clientUid = url.client ?? pickDefaultClient(clients);
  const company = clients.find((c) => c.client_uid === clientUid);
  const report = useReport(clientUid, url.report);
  const run = useReportRun(clientUid);
  const current = report.data && report.data.client_uid === clientUid ? report.data : undefined;
  const reportLoading = clientUid !== undefined && report.isLoading && !current;
  const completedReportId = run.completedReportId;

  useEffect(() => {
    if (!completedReportId) return;
    setUrl({ report: completedReportId });
    run.clear();
    void companies.mutate();
  }, [completedReportId, setUrl, run.clear, companies.mutate]);

  const windowMinutes = url.window ?? current?.settings.window ?? 8;
  const method = url.method ?? current?.settings.attribution_method ?? 'sessions';
  const dateRange = current
    ? formatDateRange(current.report_date_start, current.report_date_end)
    : company?.first_airing_utc && company.last_airing_utc
      ? formatDateRange(company.first_airing_utc, company.last_airing_utc)
      : 'All airings';

  const startRun = () => {
    if (!clientUid) return;
    void run.start({ client_uid: clientUid, window: windowMinutes, attribution_method: method });
  };

  return (
    <AppShell
      headerControls={
        <ClientPicker
          clients={clients}
          value={clientUid}
          onChange={(uid) => setUrl({ client: uid, report: null })}
        />
      }
    >
      <div className="report-head">
        <div>
          <h1 className="report-head__title">
            {current?.advertiser ?? company?.name ?? 'Reports'}
          </h1>
          <p className="report-head__meta">
            {dateRange}
            {current && ` · Generated ${formatDateMDY(current.generated_at)}`}
          </p>
        </div>
        {(current?.sample_data ?? company?.sample_data) && (
          <span className="badge badge--sample">Sample data</span>
        )}
      </div>
      <ControlsBar
        dateRange={dateRange}
        window={windowMinutes}
        method={method}
        onWindowChange={(w) => setUrl({ window: w })}
        onMethodChange={(m) => setUrl({ method: m })}
        onRun={startRun}
        running={run.progress !== null}
        disabled={!clientUid}
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
          <ReportBody
            report={current}
            tab={url.tab}
            sort={url.sort}
            onTabChange={(tab) => setUrl({ tab, sort: 'default' })}
            onSortChange={(sort) => setUrl({ sort })}
          />
        ) : companies.data && clients.length === 0 ? (
          <StateMessage title="No clients yet">
            Upload a post-log below to add your first advertiser.
          </StateMessage>
        ) : report.data === null && !report.isLoading ? (
          <StateMessage title="No report yet — run one">
            {company && company.airings > 0 ? (
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
        readOnly={company?.demo === true}
        onImported={async (job) => {
          void report.mutate();
          const fresh = await companies.mutate();
          // A post-log that created an advertiser: open it, so its visits upload is next.
          const created = job.kind === 'postlog' ? job.report?.newadvertisers[0] : undefined;
          const target = created && fresh?.clients.find((c) => c.name === created);
          if (target) setUrl({ client: target.client_uid, report: null });
        }}
      />
    </AppShell>
  );
}
