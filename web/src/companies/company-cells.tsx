import { Link } from 'react-router-dom';
import type { Attention, CompanyRow, Onboarding, Widget } from '#shared/contracts/companies.schema';
import { STATUS_WORDS } from '../connections/connection-status';
import { patchReportUrl } from '../lib/report-url';
import styles from './companies.module.css';

/**
 * The cells of the company task list (spec §2 columns): onboarding progress, stations,
 * connection badge, product chips and the attention line. Each says in text what its colours
 * and icons show, for screen readers.
 */

/** The report of a client: `/ss?client=<uid>` (lib/report-url.ts), with an optional section. */
export function reportHref(clientUid: string, section?: 'connections' | 'uploads'): string {
  const query = patchReportUrl(new URLSearchParams(), { client: clientUid }).toString();
  return `/ss?${query}${section ? `#${section}` : ''}`;
}

const STEPS: Array<{ key: keyof Omit<Onboarding, 'pct'>; label: string }> = [
  { key: 'postlog', label: 'Post-log' },
  { key: 'visits', label: 'Visits' },
  { key: 'first_report', label: 'First report' },
];

/** The 3-step onboarding indicator: post-log, visits (or a connection), first report. */
export function ProgressSteps({ progress }: { progress: Onboarding }) {
  const done = STEPS.filter((s) => progress[s.key]).length;
  const summary = `Onboarding ${done} of 3: ${STEPS.map(
    (s) => `${s.label} ${progress[s.key] ? 'done' : 'to do'}`,
  ).join(', ')}`;
  return (
    <span className={styles.steps} title={summary}>
      <span className="visually-hidden">{summary}</span>
      {STEPS.map((s) => (
        <span
          key={s.key}
          aria-hidden="true"
          className={`${styles.step} ${progress[s.key] ? styles.stepDone : ''}`}
        />
      ))}
    </span>
  );
}

/** Top call signs and "+N" for the rest. */
export function StationsCell({ row }: { row: CompanyRow }) {
  if (row.stations.length === 0)
    return (
      <span className={styles.muted}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No stations yet</span>
      </span>
    );
  const shown = row.stations.slice(0, 3);
  const more = Math.max(0, row.station_count - shown.length);
  return (
    <span>
      {shown.join(', ')}
      {more > 0 && (
        <span className={styles.more} title={`${more} more stations`}>
          {' '}
          +{more}
          <span className="visually-hidden"> more</span>
        </span>
      )}
    </span>
  );
}

const TONE_CLASS = {
  ok: styles.toneOk,
  warn: styles.toneWarn,
  down: styles.toneDown,
  muted: styles.toneMuted,
};

/** The connection status badge and how many properties feed the client. */
export function ConnectionCell({ row }: { row: CompanyRow }) {
  const words = STATUS_WORDS[row.connections.status];
  const n = row.connections.properties;
  return (
    <span className={styles.connection}>
      <span className={`badge ${TONE_CLASS[words.tone]}`} title={words.meaning}>
        {words.label}
      </span>
      {n > 0 && (
        <span className={styles.muted}>
          {n} {n === 1 ? 'property' : 'properties'}
        </span>
      )}
    </span>
  );
}

/** Product names of the widgets column. */
export const WIDGET_NAMES: Record<Widget, string> = {
  advertiser_insights: 'Advertiser Insights',
  industry_insights: 'Industry Insights',
  pro_digital: 'Pro Digital',
  foot_traffic: 'Foot Traffic',
  sample: 'Sample data',
};

/** The products a client has, as chips. */
export function WidgetChips({ widgets }: { widgets: readonly Widget[] }) {
  if (widgets.length === 0) return <span className={styles.muted}>None</span>;
  return (
    <ul className={styles.widgets} aria-label="Products">
      {widgets.map((w) => (
        <li key={w} className={styles.widget}>
          {WIDGET_NAMES[w]}
        </li>
      ))}
    </ul>
  );
}

const ACTION_WORDS = {
  reconnect: 'Reconnect',
  run_report: 'Run the report again',
  upload_postlog: 'Upload the post-log again',
} as const;

/**
 * Why a row needs attention and the way to fix it: reconnect opens the client's Connections
 * panel in the report, run report opens the report (its Run button), upload post-log the
 * report's post-log upload.
 */
export function AttentionLine({ row, attention }: { row: CompanyRow; attention: Attention }) {
  if (!attention) return null;
  const href =
    attention.action === 'reconnect'
      ? reportHref(row.client_uid, 'connections')
      : attention.action === 'upload_postlog'
        ? reportHref(row.client_uid, 'uploads')
        : reportHref(row.client_uid);
  return (
    <div className={styles.attention}>
      <span className={styles.attentionText}>
        <span className="visually-hidden">Needs attention: </span>
        {attention.message}
      </span>{' '}
      <Link
        to={href}
        className={`button button--ghost ${styles.small}`}
        aria-label={`${ACTION_WORDS[attention.action]}: ${row.client_name}`}
      >
        {ACTION_WORDS[attention.action]}
      </Link>
    </div>
  );
}
