import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * Form building blocks of the account screens: a labelled input with its inline error
 * (announced through aria-describedby), the "Show password" toggle, the server-error alert and
 * the submit button. Errors come from the shared zod schemas (spec §5 messages).
 */

/** Props of a labelled text input. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** react-hook-form's register(name) result. */
  registration: UseFormRegisterReturn;
  /** The field's error; one without a message only marks the field invalid. @default none */
  error?: FieldError | undefined;
  /** A short help text under the input. @default none */
  hint?: ReactNode;
}

/** A label, an input and its inline error. */
export function TextField({
  label,
  registration,
  error,
  hint,
  className = 'input form-field__input',
  ...input
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error?.message ? errorId : '', hint ? hintId : ''].filter(Boolean);
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <input
        id={id}
        className={`${className}${error ? ' input--invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
        {...registration}
        {...input}
      />
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

/** The inline error text of a field (nothing when there is no message). */
export function FieldMessage({ id, error }: { id?: string; error?: FieldError | undefined }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="form-field__error">
      {error.message}
    </p>
  );
}

/** Props of the show-password toggle. */
export interface ShowPasswordProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** The spec's show_password checkbox ("Show password"); reveals every password field. */
export function ShowPassword({ checked, onChange }: ShowPasswordProps) {
  return (
    <label className="checkbox form-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Show password
    </label>
  );
}

/** Props of the form alert. */
export interface FormAlertProps {
  /** The message; nothing renders without one. */
  message: string | null | undefined;
  /** A heading above the message. @default none */
  title?: string;
  /** `success` for confirmations (announced politely). @default 'error' */
  tone?: 'error' | 'success';
  children?: ReactNode;
}

/** The server's answer above a form: errors as role="alert", confirmations as role="status". */
export function FormAlert({ message, title, tone = 'error', children }: FormAlertProps) {
  if (!message) return null;
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <strong className="form-alert__title">{title}</strong>}
      <p className="form-alert__message">{message}</p>
      {children}
    </div>
  );
}

/** Props of the submit button. */
export interface SubmitButtonProps {
  /** True while the request is in flight: disabled, with `busyLabel`. */
  busy: boolean;
  children: ReactNode;
  /** @default 'Please wait…' */
  busyLabel?: string;
  /** Extra class names. @default none */
  className?: string;
}

/** The form's primary submit button (Enter submits the form). */
export function SubmitButton({
  busy,
  children,
  busyLabel = 'Please wait…',
  className,
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`button button--primary form-submit${className ? ` ${className}` : ''}`}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
