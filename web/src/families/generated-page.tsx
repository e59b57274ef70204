import { type FormEvent, useEffect, useMemo, useState } from 'react';
import {
  type FamilyJobStatusResult,
  familyGenerateRequestSchema,
} from '#shared/contracts/families.schema';
import { formatDateMDY } from '#shared/format';
import { errorMessage } from '../api/client';
import { useCampaigns } from '../api/use-campaigns';
import { StateMessage } from '../components/state-message';
import styles from './families.module.css';
import { FAMILY_CHOICES, periodName } from './family-choices';
import {
  CsvCheck,
  IncludeChecks,
  SelectField,
  SubmitRow,
  useFamilyJobStart,
} from './family-fields';
import { OrgFamiliesPanel } from './org-families-panel';
import { startFamily, useFamilyOptions, useGenerateStatus } from './use-families';

/**
 * /ss/generated (spec §1 report families, §7 "Reports and generation"): pick a family, a client
 * the caller may see, a period that has airings (from the options call), for a month optionally
 * one of the client's campaigns flying in it (client_campaigns), executive summary only and CSV; Generate starts a job whose progress bar fills as the Generate machine runs, then
 * links to the PDF (and CSV). The caller's recent generated reports are listed below, newest
 * first. The request is checked with the shared contract before it is sent.
 */
export function GeneratedPage() {
  const [kind, setKind] = useState(FAMILY_CHOICES[0]?.kind ?? 'monthly');
  const choice = FAMILY_CHOICES.find((c) => c.kind === kind) ?? FAMILY_CHOICES[0];
  const by = choice?.by ?? 'month';
  const options = useFamilyOptions(by);
  const [clientUid, setClientUid] = useState('');
  const [period, setPeriod] = useState('');
  const [campaignUid, setCampaignUid] = useState('');
  const [executiveOnly, setExecutiveOnly] = useState(false);
  const [csv, setCsv] = useState(false);
  const { problem, starting, start } = useFamilyJobStart();
  const [jobId, setJobId] = useState<string | null>(null);
  const status = useGenerateStatus(jobId);

  useEffect(() => {
    document.title = 'Generated reports · AnalyticOwl';
  }, []);

  const clients = options.data?.clients ?? [];
  const client = clients.find((c) => c.client_uid === clientUid) ?? clients[0];
  const periods = client?.periods ?? [];
  const chosenPeriod = periods.includes(period) ? period : (periods[0] ?? '');
  // A month's report may be scoped to one of the client's campaigns whose flight touches it.
  const campaigns = useCampaigns(by === 'month' ? client?.client_uid : undefined);
  const flying = (campaigns.data?.campaigns ?? []).filter(
    (c) =>
      c.client_uid === client?.client_uid &&
      c.flight_start.slice(0, 7) <= chosenPeriod &&
      c.flight_end.slice(0, 7) >= chosenPeriod,
  );
  const chosenCampaign =
    by === 'month' ? flying.find((c) => c.campaign_uid === campaignUid) : undefined;

  const recent = useMemo(() => {
    const list = options.data?.recent ?? [];
    const current = status.data;
    if (!current) return list;
    return [current, ...list.filter((r) => r.job_id !== current.job_id)];
  }, [options.data, status.data]);

  const job = status.data;
  useEffect(() => {
    if (job?.status === 'done' || job?.status === 'failed') void options.mutate();
  }, [job?.status, options.mutate]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = familyGenerateRequestSchema.safeParse({
      kind,
      client_uid: client?.client_uid,
      ...(by === 'month' ? { month: chosenPeriod } : { quarter: chosenPeriod }),
      ...(chosenCampaign ? { campaign_uid: chosenCampaign.campaign_uid } : {}),
      executive_only: executiveOnly,
      csv,
    });
    await start(parsed, 'Choose a client and a period.', async (request) => {
      setJobId(await startFamily(request));
    });
  };

  return (
    <div className={styles.page}>
      <div className="report-head">
        <div>
          <h1 className="report-head__title">Generated reports</h1>
          <p className="report-head__meta">
            Monthly and quarterly reports of a client as PDF, with a CSV of their tables.
          </p>
        </div>
      </div>
      <form
        className={`card ${styles.form}`}
        aria-label="Generate a report"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
      >
        <SelectField
          label="Report"
          value={kind}
          options={FAMILY_CHOICES.map((c) => ({ value: c.kind, label: c.label }))}
          onChange={(value) => setKind(value as typeof kind)}
          hint={choice?.description}
        />
        <SelectField
          label="Client"
          value={client?.client_uid ?? ''}
          options={clients.map((c) => ({ value: c.client_uid, label: c.name }))}
          onChange={setClientUid}
          disabled={clients.length === 0}
        />
        <SelectField
          label={by === 'month' ? 'Month' : 'Quarter'}
          value={chosenPeriod}
          options={periods.map((p) => ({ value: p, label: periodName(p) }))}
          onChange={setPeriod}
          disabled={periods.length === 0}
        />
        {by === 'month' && (
          <SelectField
            label="Campaign"
            value={chosenCampaign?.campaign_uid ?? ''}
            first={<option value="">All airings (no campaign)</option>}
            options={flying.map((c) => ({ value: c.campaign_uid, label: c.name }))}
            onChange={setCampaignUid}
            hint={
              chosenCampaign
                ? "Only the campaign's stations, creatives and markets, on its flight days; the comparisons cover the same days."
                : 'Campaigns whose flight touches the month are listed.'
            }
          />
        )}
        <IncludeChecks
          executiveOnly={executiveOnly}
          onExecutiveOnly={setExecutiveOnly}
          csv={<CsvCheck csv={csv} onCsv={setCsv} />}
        />
        <SubmitRow
          label="Generate"
          starting={starting}
          disabled={clients.length === 0}
          problem={problem}
        />
        {options.error && (
          <StateMessage tone="error" title="The choices could not load">
            {errorMessage(options.error)}
          </StateMessage>
        )}
        {options.data && clients.length === 0 && (
          <p className={styles.hint}>
            None of your clients has airings yet: import a post-log first, then come back.
          </p>
        )}
      </form>
      <OrgFamiliesPanel onStarted={setJobId} />
      {job && <JobCard job={job} />}
      <section className="card" aria-label="Recent generated reports">
        <h2 className={styles.sectionTitle}>Recent generated reports</h2>
        {recent.length === 0 ? (
          <p className={styles.hint}>Reports you generate show here for 7 days.</p>
        ) : (
          <ul className={styles.recent}>
            {recent.map((r) => (
              <li key={r.job_id} className={styles.recentRow}>
                <span className={styles.recentLabel}>{r.label}</span>
                <span className={styles.recentWhen}>{formatDateMDY(r.created_at)}</span>
                <JobLinks job={r} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The job just started: its progress bar, then its links or its failure. */
function JobCard({ job }: { job: FamilyJobStatusResult }) {
  const state =
    job.status === 'done' ? 'Ready' : job.status === 'failed' ? 'Failed' : `${job.progress}%`;
  return (
    <section
      className={`card ${styles.job}`}
      aria-label="Report being generated"
      aria-live="polite"
    >
      <div className={styles.jobHead}>
        <span className={styles.recentLabel}>{job.label}</span>
        <span>{state}</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Generating ${job.label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job.progress}
        className={styles.bar}
      >
        <span className={styles.barFill} style={{ width: `${job.progress}%` }} />
      </div>
      {job.status === 'failed' && (
        <p className="form-field__error" role="alert">
          {job.error}
        </p>
      )}
      <JobLinks job={job} />
    </section>
  );
}

function JobLinks({ job }: { job: FamilyJobStatusResult }) {
  if (job.status === 'failed') return <span className={styles.failed}>Failed</span>;
  if (job.status !== 'done') return <span className={styles.hint}>Generating…</span>;
  return (
    <span className={styles.links}>
      {job.pdf_url && (
        <a href={job.pdf_url} target="_blank" rel="noreferrer">
          Open PDF
        </a>
      )}
      {job.csv_url && <a href={job.csv_url}>Download CSV</a>}
      {job.zip_url && <a href={job.zip_url}>Download zip</a>}
    </span>
  );
}
