import { type FormEvent, useId, useState } from 'react';
import { type Creative, creativeEditSchema } from '#shared/contracts/creatives.schema';
import { errorMessage } from '../api/client';
import styles from './creatives.module.css';
import { refreshReports, updateCreatives } from './creatives-api';
import { useMediaUpload } from './use-media-upload';

/** Props of {@link CreativeForm}. */
export interface CreativeFormProps {
  clientUid: string;
  /** The post-log's creative value (the creative's id). */
  creativeId: string;
  /** What is stored for it; null when nobody has changed it yet. */
  creative: Creative | null;
}

/** A file size for people: "12.4 MB", or "31 KB" under a megabyte. */
export const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * One creative in the creatives dialog: name, ISCI and length (Save), and its media (attach a
 * file: a real progress bar while it uploads, then the server's check by content).
 */
export function CreativeForm({ clientUid, creativeId, creative }: CreativeFormProps) {
  const id = useId();
  const [name, setName] = useState(creative?.name ?? '');
  const [isci, setIsci] = useState(creative?.isci ?? '');
  const [length, setLength] = useState(creative?.length_s?.toString() ?? '');
  const [saved, setSaved] = useState<{ ok: boolean; message: string } | null>(null);
  const media = useMediaUpload(clientUid, creativeId);
  const { state } = media;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const edit = creativeEditSchema.safeParse({
      creative_id: creativeId,
      name: name.trim() === '' ? undefined : name,
      isci: isci.trim() === '' ? null : isci,
      length_s: length.trim() === '' ? null : Number(length),
    });
    if (!edit.success) {
      setSaved({ ok: false, message: edit.error.issues[0]?.message ?? 'Check the fields.' });
      return;
    }
    try {
      const out = await updateCreatives({ client_uid: clientUid, creatives: [edit.data] });
      // Show what was stored (an ISCI is kept upper-case).
      setIsci(out.creatives.find((c) => c.creative_id === creativeId)?.isci ?? '');
      await refreshReports(clientUid);
      setSaved({ ok: true, message: 'Saved.' });
    } catch (error) {
      setSaved({ ok: false, message: errorMessage(error) });
    }
  };

  const percent = state.phase === 'uploading' ? Math.round(state.fraction * 100) : 100;
  return (
    <li className={styles.item}>
      <h3 className={styles.itemHead}>
        <span>{creative?.name ?? creativeId}</span>
        <span className={styles.postlogName}>Post-log: {creativeId}</span>
      </h3>
      <form className={styles.fields} onSubmit={save} aria-label={`Creative ${creativeId}`}>
        <label className={styles.field}>
          Name
          <input
            className="input"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className={styles.field}>
          ISCI
          <input
            className="input"
            value={isci}
            maxLength={15}
            placeholder="ABCD1234"
            onChange={(e) => setIsci(e.target.value)}
          />
        </label>
        <label className={styles.field}>
          Length (s)
          <input
            className="input"
            type="number"
            min={1}
            max={3600}
            step={1}
            value={length}
            onChange={(e) => setLength(e.target.value)}
          />
        </label>
        <button type="submit" className="button">
          Save
        </button>
      </form>
      {saved && (
        <p className={saved.ok ? styles.saved : styles.error} role={saved.ok ? 'status' : 'alert'}>
          {saved.message}
        </p>
      )}
      <div className={styles.media}>
        <div className={styles.mediaLine}>
          <label htmlFor={`${id}-file`}>
            {creative?.media ? 'Replace media' : 'Attach media'} (audio or video, up to 500 MB)
          </label>
          <input
            id={`${id}-file`}
            className={styles.fileInput}
            type="file"
            accept="audio/*,video/*"
            disabled={state.phase === 'uploading' || state.phase === 'checking'}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void media.upload(file);
              e.target.value = '';
            }}
          />
        </div>
        {creative?.media && state.phase !== 'uploading' && (
          <span className={styles.status}>
            Attached: {creative.media.content_type}, {fileSize(creative.media.size_bytes)}
          </span>
        )}
        {(state.phase === 'uploading' || state.phase === 'checking' || state.phase === 'done') && (
          <div role="status" aria-live="polite">
            <span className={styles.status}>
              {state.phase === 'uploading'
                ? `Uploading ${percent}%`
                : state.phase === 'checking'
                  ? 'Uploaded 100%. Checking the file…'
                  : 'Uploaded 100%. Media attached.'}
            </span>
            <div
              className="progress"
              role="progressbar"
              aria-label={`Upload of ${creativeId}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className="progress__bar" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
        {state.phase === 'error' && (
          <p className={styles.error} role="alert">
            {state.message}
          </p>
        )}
      </div>
    </li>
  );
}
