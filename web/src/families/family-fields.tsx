import { type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../api/client';
import styles from './families.module.css';

/** One choice of a {@link SelectField}: the value sent and the words shown. */
export type FieldOption = { value: string; label: string };

/** A label over the control `children` renders with the id it is given, then an optional hint. */
function Field({
  label,
  hint,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children(id)}
      {hint && <p className={styles.hint}>{hint}</p>}
    </div>
  );
}

/**
 * A labelled select of the generated reports forms: the label names the control (tests and
 * screen readers find it by that name), `first` is an option shown before the listed ones (e.g.
 * "no campaign"), `hint` a muted line under it.
 */
export function SelectField({
  label,
  value,
  options,
  onChange,
  disabled,
  first,
  hint,
}: {
  label: ReactNode;
  value: string;
  options: readonly FieldOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  first?: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <select
          id={id}
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
        >
          {first}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A labelled date input (YYYY-MM-DD) of the generated reports forms. */
export function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/**
 * The "Include" checkboxes both family forms show: executive summary only, then the CSV choice
 * (`csv`), which the organisation roll-up replaces with a fixed, disabled box.
 */
export function IncludeChecks({
  executiveOnly,
  onExecutiveOnly,
  csv,
}: {
  executiveOnly: boolean;
  onExecutiveOnly: (value: boolean) => void;
  csv: ReactNode;
}) {
  return (
    <fieldset className={styles.checks}>
      <legend className={styles.label}>Include</legend>
      <label>
        <input
          type="checkbox"
          checked={executiveOnly}
          onChange={(e) => onExecutiveOnly(e.target.checked)}
        />{' '}
        Executive summary only
      </label>
      {csv}
    </fieldset>
  );
}

/** The "CSV of the tables" checkbox of a family request. */
export function CsvCheck({ csv, onCsv }: { csv: boolean; onCsv: (value: boolean) => void }) {
  return (
    <label>
      <input type="checkbox" checked={csv} onChange={(e) => onCsv(e.target.checked)} /> CSV of the
      tables
    </label>
  );
}

/**
 * The submit button of a family form with the problem that stopped the last try (an alert the
 * button is described by); `children` are further notes in the same row.
 */
export function SubmitRow({
  label,
  starting,
  disabled,
  problem,
  children,
}: {
  label: string;
  starting: boolean;
  disabled: boolean;
  problem: string | null;
  children?: ReactNode;
}) {
  const errorId = useId();
  return (
    <div className={styles.actions}>
      <button
        type="submit"
        className="button button--primary"
        disabled={starting || disabled}
        aria-describedby={problem ? errorId : undefined}
      >
        {starting ? 'Starting…' : label}
      </button>
      {problem && (
        <p id={errorId} className="form-field__error" role="alert">
          {problem}
        </p>
      )}
      {children}
    </div>
  );
}

/** The result of a zod `safeParse` as far as starting a job needs it. */
type Checked<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };

/**
 * Starting a family job from a form: `start(checked, fallback, send)` shows the contract's first
 * complaint (or `fallback`) without calling the server when the request does not parse, else
 * calls `send` with the parsed request while `starting` is true and shows its error as `problem`.
 */
export function useFamilyJobStart() {
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const start = async <T,>(
    checked: Checked<T>,
    fallback: string,
    send: (data: T) => Promise<void>,
  ) => {
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? fallback);
      return;
    }
    setProblem(null);
    setStarting(true);
    try {
      await send(checked.data);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setStarting(false);
    }
  };
  return { problem, starting, start };
}
