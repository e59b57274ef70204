import { useId } from 'react';
import styles from './campaigns.module.css';

/** One choice of a {@link ChoiceList}. */
export interface Choice {
  value: string;
  label: string;
}

/** Props of {@link ChoiceList}. */
export interface ChoiceListProps {
  legend: string;
  /** What the client's report has; chosen values it lacks are listed too. */
  choices: readonly Choice[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** What none chosen means, shown under the legend. */
  hint: string;
  error?: string | undefined;
}

/**
 * A scrollable list of checkboxes for a campaign's stations or creatives (none checked = every
 * one). Values chosen earlier that the current report lacks stay listed, so editing a campaign
 * never drops them silently.
 */
export function ChoiceList({ legend, choices, value, onChange, hint, error }: ChoiceListProps) {
  const hintId = useId();
  const known = new Set(choices.map((c) => c.value));
  const all = [
    ...choices,
    ...value.filter((v) => !known.has(v)).map((v) => ({ value: v, label: v })),
  ];
  const toggle = (v: string, on: boolean) =>
    onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <fieldset className={styles.choices} aria-describedby={hintId}>
      <legend className="form-field__label">{legend}</legend>
      <p id={hintId} className="form-field__hint">
        {hint}
      </p>
      {all.length === 0 ? (
        <p className={styles.empty}>The report has none to choose from.</p>
      ) : (
        <ul className={styles.choiceList}>
          {all.map((c) => (
            <li key={c.value}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={value.includes(c.value)}
                  onChange={(e) => toggle(c.value, e.target.checked)}
                />
                {c.label}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="form-field__error">{error}</p>}
    </fieldset>
  );
}
