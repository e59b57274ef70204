import { useEffect, useId, useRef, useState } from 'react';

/** Props of {@link CopyField}. */
export interface CopyFieldProps {
  label: string;
  value: string;
  /** Move focus to the field when it appears (a link just made). @default false */
  focus?: boolean;
}

/**
 * A read-only text field (wrapping, so a long link shows whole) with a Copy button: the clipboard when the browser allows it, else the
 * text is selected for Ctrl+C. The outcome is announced (role=status).
 */
export function CopyField({ label, value, focus = false }: CopyFieldProps) {
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [said, setSaid] = useState('');

  useEffect(() => {
    setSaid('');
    if (focus) input.current?.focus();
  }, [focus]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('Copied.');
    } catch {
      input.current?.select();
      setSaid('Selected: press Ctrl+C (⌘C on a Mac) to copy.');
    }
  };

  return (
    <div className="copy-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {/* A text area, so a long link wraps and shows whole. */}
      <textarea
        id={id}
        ref={input}
        className="input copy-field__input"
        readOnly
        rows={Math.min(4, Math.ceil(value.length / 64))}
        value={value}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="copy-field__row">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy
        </button>
        <p className="copy-field__said" role="status">
          {said}
        </p>
      </div>
    </div>
  );
}
