import { useEffect, useId, useRef, useState } from 'react';
import type { CreateDropResult } from '#shared/contracts/drops.schema';
import css from './drops-section.module.css';

/** One labelled value with a Copy button; the outcome is announced in `onSaid`. */
function CopyRow({
  label,
  value,
  onSaid,
}: {
  label: string;
  value: string;
  onSaid: (text: string) => void;
}) {
  const field = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      onSaid(`${label} copied.`);
    } catch {
      field.current?.select();
      onSaid(`${label} selected: press Ctrl+C (⌘C on a Mac) to copy.`);
    }
  };
  return (
    <div className={css.copyRow}>
      <label htmlFor={inputId} className={css.copyLabel}>
        {label}
      </label>
      <input
        id={inputId}
        ref={field}
        className={`input ${css.copyValue}`}
        readOnly
        value={value}
        onFocus={(e) => e.currentTarget.select()}
      />
      <button
        type="button"
        className="button"
        aria-label={`Copy ${label.toLowerCase()}`}
        onClick={() => void copy()}
      >
        Copy
      </button>
    </div>
  );
}

/** Props of {@link DropConnection}. */
export interface DropConnectionProps {
  made: CreateDropResult;
  onDone: () => void;
}

/**
 * The new drop's connection details, shown once (they are not listed again): over SFTP the
 * host, port, user and folder, locally the folder to copy post-logs into; each with a Copy
 * button. Focus moves to the heading so a screen reader reads them.
 */
export function DropConnection({ made, onDone }: DropConnectionProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const [said, setSaid] = useState('');
  const { connection, drop } = made;

  useEffect(() => heading.current?.focus(), []);

  return (
    <section className={css.details} aria-labelledby={titleId}>
      <h4 id={titleId} ref={heading} tabIndex={-1} className={css.detailsTitle}>
        Drop "{drop.label}" is ready: copy its details now
      </h4>
      <p className={css.note}>
        These details are shown only once. Give them to whoever runs the uploading system; revoke
        the drop at any time below.
      </p>
      {connection.mode === 'sftp' ? (
        <>
          <CopyRow label="Host" value={connection.host} onSaid={setSaid} />
          <CopyRow label="Port" value={String(connection.port)} onSaid={setSaid} />
          <CopyRow label="User" value={connection.user} onSaid={setSaid} />
          <CopyRow label="Folder" value={connection.path} onSaid={setSaid} />
          <p className={css.note}>
            Log in with the private key that matches the key you pasted (SHA256 fingerprint{' '}
            <code>{drop.key_fingerprint}</code>) and put CSV files in the folder. Each file gets a{' '}
            <code>.result.json</code> beside it, and you get an e-mail.
          </p>
        </>
      ) : (
        <>
          <CopyRow label="Folder" value={connection.path} onSaid={setSaid} />
          <p className={css.note}>
            This computer plays the SFTP server: copy CSV files into this folder. Each file gets a{' '}
            <code>.result.json</code> beside it, and you get an e-mail.
          </p>
        </>
      )}
      <p className={css.said} role="status">
        {said}
      </p>
      <button type="button" className="button button--primary" onClick={onDone}>
        I have copied them
      </button>
    </section>
  );
}
