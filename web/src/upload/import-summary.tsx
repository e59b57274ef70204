import type { ImportIssue, ImportReport } from '#shared/contracts/postlog.schema';
import { issueLine } from '../lib/imports';

/** Most issue lines listed before "and N more". */
export const MAX_ISSUES_SHOWN = 20;

/** A list of issues as "Row N, field: message (proposed: fix)". */
export function IssueList({
  issues,
  total,
  label,
}: {
  issues: readonly ImportIssue[];
  total: number;
  label: string;
}) {
  if (issues.length === 0) return null;
  const shown = issues.slice(0, MAX_ISSUES_SHOWN);
  const more = Math.max(0, total - shown.length);
  return (
    <div className="issues">
      <h4 className="issues__title">{label}</h4>
      <ul className="issues__list">
        {shown.map((issue) => (
          <li key={`${issue.row}-${issue.field}-${issue.message}`}>{issueLine(issue)}</li>
        ))}
      </ul>
      {more > 0 && <p className="issues__more">…and {more} more</p>}
    </div>
  );
}

/** The new advertisers, stations or markets an import added, when there are any. */
function NewList({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="summary__new">
      <dt>{label}</dt>
      <dd>{items.join(', ')}</dd>
    </div>
  );
}

/**
 * "3 stations not in our station list: KXYZ, …": the post-log's call signs the station list
 * does not know (the import landed anyway; their airings keep their call sign).
 */
export function unmatchedStationsLine(report: ImportReport): string | null {
  const listed = report.unmatched_stations ?? [];
  const count = report.unmatched_station_count ?? listed.length;
  if (count === 0) return null;
  const more = count > listed.length ? `, and ${count - listed.length} more` : '';
  const what = count === 1 ? 'station is' : 'stations are';
  return `${count} ${what} not in our station list: ${listed.join(', ')}${more}.`;
}

/**
 * An import report (spec §3 "Post-log import job": new_spots, updated_spots, note, errors;
 * plus warnings and the new advertisers, stations and markets).
 */
export function ImportSummary({
  report,
  showErrors = true,
}: {
  report: ImportReport;
  /** False when the errors are already listed in a Problem! alert. @default true */
  showErrors?: boolean;
}) {
  return (
    <div className="summary" data-testid="import-summary">
      <dl className="summary__stats">
        <div>
          <dt>Rows read</dt>
          <dd>{report.rows.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>New spots</dt>
          <dd>{report.new_spots.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Updated spots</dt>
          <dd>{report.updated_spots.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Warnings</dt>
          <dd>{report.warning_count.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Errors</dt>
          <dd>{report.error_count.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      <dl className="summary__lists">
        <NewList label="New advertisers" items={report.newadvertisers} />
        <NewList label="New stations" items={report.newstations} />
        <NewList label="New markets" items={report.newmarkets} />
      </dl>
      {unmatchedStationsLine(report) && (
        <p className="summary__note" data-testid="unmatched-stations">
          {unmatchedStationsLine(report)}
        </p>
      )}
      {report.note && <p className="summary__note">{report.note}</p>}
      {showErrors && <IssueList issues={report.errors} total={report.error_count} label="Errors" />}
      <IssueList issues={report.warnings} total={report.warning_count} label="Warnings" />
    </div>
  );
}
