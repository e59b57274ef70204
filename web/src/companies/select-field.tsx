import type { ReactNode } from 'react';

/** Props of {@link SelectField}. */
export interface SelectFieldProps {
  /** The select's id, which its label points at. */
  id: string;
  label: string;
  value: string;
  /** Called with the chosen option's value. */
  onChange: (value: string) => void;
  /** The `<option>` elements. */
  children: ReactNode;
}

/** A labelled, controlled select in the house form-field layout (the company dialogs' pickers). */
export function SelectField({ id, label, value, onChange, children }: SelectFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <select
        id={id}
        className="input form-field__input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
    </div>
  );
}
