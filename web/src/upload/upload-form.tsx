import { type FormEvent, useId, useState } from 'react';
import {
  type ImportJob,
  type ImportKind,
  importNeedsClient,
} from '#shared/contracts/postlog.schema';
import { ProblemAlert } from '../components/problem-alert';
import { ImportStatus } from './import-status';
import { useUpload } from './use-upload';

/** Props of one upload form. */
export interface UploadFormProps {
  kind: ImportKind;
  title: string;
  description: string;
  /** The CSV header the file must start with, shown as help (visits and foot traffic). */
  layout?: string;
  /** The selected client; visits and foot-traffic uploads need one. */
  clientUid: string | undefined;
  onImported: (job: ImportJob) => void;
}

/**
 * Choose a CSV, (post-logs) optionally name the advertiser, upload with progress, then follow
 * the import. Spec §2/§3 post-log import; visits and foot-traffic files attach to
 * the selected client.
 */
export function UploadForm({
  kind,
  title,
  description,
  layout,
  clientUid,
  onImported,
}: UploadFormProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [advertiser, setAdvertiser] = useState('');
  const [state, start, reset] = useUpload();
  const forClient = importNeedsClient(kind);
  const needsClient = forClient && !clientUid;
  const busy = state.phase === 'uploading';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file || needsClient) return;
    void start({
      kind,
      file,
      ...(forClient ? { clientUid } : {}),
      ...(kind === 'postlog' && advertiser.trim() ? { advertiser: advertiser.trim() } : {}),
    });
  }

  return (
    <form className="card upload" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 className="card__title" id={`${id}-title`}>
        {title}
      </h3>
      <p className="upload__description">{description}</p>
      {layout && (
        <p className="upload__description">
          Header row: <code>{layout}</code>
        </p>
      )}
      <div className="upload__fields">
        <label className="field">
          <span className="field__label">CSV file</span>
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              reset();
            }}
          />
        </label>
        {kind === 'postlog' && (
          <label className="field">
            <span className="field__label">Advertiser (optional)</span>
            <input
              type="text"
              className="input"
              value={advertiser}
              placeholder="Read from the file when blank"
              onChange={(e) => setAdvertiser(e.target.value)}
            />
          </label>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={!file || busy || needsClient}
        >
          Upload
        </button>
      </div>
      {needsClient && <p className="upload__hint">Choose a client first.</p>}
      {state.phase === 'uploading' && (
        <div className="upload__progress" role="status" aria-live="polite">
          Uploading {Math.round(state.fraction * 100)}%
          <div
            className="progress"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(state.fraction * 100)}
          >
            <div className="progress__bar" style={{ width: `${state.fraction * 100}%` }} />
          </div>
        </div>
      )}
      {state.phase === 'error' && <ProblemAlert message={state.message} onDismiss={reset} />}
      {state.phase === 'importing' && (
        <ImportStatus key={state.postlogId} postlogId={state.postlogId} onComplete={onImported} />
      )}
    </form>
  );
}
