import { useEffect, useRef, useState } from 'react';
import type { HeaderMapping, ImportJob } from '#shared/contracts/postlog.schema';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { confirmImport, retryImport } from '../api/actions';
import { errorMessage } from '../api/client';
import { importSettled, useImport } from '../api/use-import';
import { ProblemAlert } from '../components/problem-alert';
import { cleanRowCount, cleanRowsLabel, hasProposedFixes } from '../lib/imports';
import { refreshTasks } from '../shell/use-company-queue';
import { ImportSummary, IssueList } from './import-summary';
import { MappingEditor } from './mapping-editor';

/** Props of an import's status. */
export interface ImportStatusProps {
  postlogId: string;
  /** Called once when the import completes (the caller refreshes clients and the report). */
  /** Called once with the completed job. */
  onComplete: (job: ImportJob) => void;
}

/**
 * Follows one import job (spec §4 "Post-log import: steps match then results"): reading ->
 * review (errors found, nothing applied: import the clean rows or fix the mapping) ->
 * complete (summary) or failed (Problem! alert with the reason and the errors view, spec §8;
 * Retry when the import stopped rather than being refused).
 */
export function ImportStatus({ postlogId, onComplete }: ImportStatusProps) {
  const { data, error, mutate } = useImport(postlogId);
  const job = data?.postlog_id === postlogId ? data : undefined;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [acceptFixes, setAcceptFixes] = useState(true);
  const complete = job?.status === 'complete';

  const notified = useRef(false);

  useEffect(() => {
    if (!complete || !job || notified.current) return;
    notified.current = true;
    onComplete(job);
  }, [complete, job, onComplete]);

  async function confirm(mapping?: HeaderMapping) {
    setBusy(true);
    setProblem(null);
    try {
      const fixes =
        job?.report && hasProposedFixes(job.report) ? { accept_year_fixes: acceptFixes } : {};
      await mutate(
        await confirmImport({ postlog_id: postlogId, ...(mapping ? { mapping } : {}), ...fixes }),
        {
          revalidate: false,
        },
      );
      // The reviewed import runs again now: the tasks panel shows it without waiting for a poll.
      void refreshTasks();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  /** Runs a stopped import again on the same file (retry_import); polling resumes. */
  async function retry() {
    setBusy(true);
    setProblem(null);
    try {
      await mutate(await retryImport({ postlog_id: postlogId }));
      void refreshTasks();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  if (error && !job) return <ProblemAlert message={errorMessage(error)} />;
  if (!job || !importSettled(job)) {
    return (
      <div className="import-wait" role="status" aria-live="polite">
        Reading your file…
        <div
          className="progress progress--indeterminate"
          role="progressbar"
          aria-label="Reading file"
        >
          <div className="progress__bar" />
        </div>
      </div>
    );
  }
  const report = job.report;
  if (job.status === 'failed') {
    return (
      <div className="import-failed">
        {problem && <ProblemAlert message={problem} />}
        <ProblemAlert message={job.message || report?.note || GENERIC_ERROR_MESSAGE}>
          {report && <IssueList issues={report.errors} total={report.error_count} label="Errors" />}
        </ProblemAlert>
        {job.retryable && (
          <div className="import-review__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void retry()}
            >
              Retry
            </button>
          </div>
        )}
      </div>
    );
  }
  if (job.status === 'complete') {
    return (
      <div role="status">
        <p className="import-done">Import complete.</p>
        {report && <ImportSummary report={report} />}
      </div>
    );
  }
  const clean = report ? cleanRowCount(report, acceptFixes && hasProposedFixes(report)) : 0;
  return (
    <div className="import-review">
      {problem && <ProblemAlert message={problem} />}
      <ProblemAlert
        message={`We found ${report?.error_count ?? 0} problems in this file. Nothing has been imported yet.`}
      >
        {report && <IssueList issues={report.errors} total={report.error_count} label="Errors" />}
      </ProblemAlert>
      {report && <ImportSummary report={report} showErrors={false} />}
      {report && hasProposedFixes(report) && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={acceptFixes}
            onChange={(e) => setAcceptFixes(e.target.checked)}
          />
          Apply the proposed fixes (e.g. year 0016 becomes 2016)
        </label>
      )}
      <div className="import-review__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || clean === 0}
          onClick={() => void confirm()}
        >
          Import {cleanRowsLabel(clean)}
        </button>
      </div>
      {job.kind === 'postlog' && job.headers.length > 0 && (
        <MappingEditor
          headers={job.headers}
          initial={job.mapping}
          busy={busy}
          onSubmit={(m) => void confirm(m)}
        />
      )}
    </div>
  );
}
