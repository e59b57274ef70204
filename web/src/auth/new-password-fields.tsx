import { useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { ShowPassword, TextField } from './form-controls';

/** The rule under every new-password field (spec §9: 8 characters, 2 letters, 2 digits, 1 symbol). */
export const PASSWORD_HINT = 'At least 8 characters with 2 letters, 2 digits and 1 symbol.';

/** Props of {@link NewPasswordFields}. */
export interface NewPasswordFieldsProps {
  /** Label of the first field, e.g. "Password" or "New password". */
  label: string;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: FieldError | undefined; confirm?: FieldError | undefined };
  /** Lay the two fields side by side (form-grid). */
  grid?: boolean;
}

/**
 * A new password and its confirmation with one "Show password" switch for both (registration,
 * reset and finish-registration forms).
 */
export function NewPasswordFields({
  label,
  password,
  confirm,
  errors,
  grid,
}: NewPasswordFieldsProps) {
  const [show, setShow] = useState(false);
  const type = show ? 'text' : 'password';
  const fields = (
    <>
      <TextField
        label={label}
        type={type}
        autoComplete="new-password"
        registration={password}
        error={errors.password}
        hint={PASSWORD_HINT}
      />
      <TextField
        label="Confirm password"
        type={type}
        autoComplete="new-password"
        registration={confirm}
        error={errors.confirm}
      />
    </>
  );
  return (
    <>
      {grid ? <div className="form-grid">{fields}</div> : fields}
      <ShowPassword checked={show} onChange={setShow} />
    </>
  );
}
