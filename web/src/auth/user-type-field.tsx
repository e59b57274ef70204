import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldMessage } from './form-controls';

/** The account types a person can register as, with their labels (spec §3, §6). */
export const USER_TYPE_OPTIONS = [
  { value: 'self', label: 'Advertiser', help: 'I advertise my own business.' },
  { value: 'rep', label: 'Media rep or station', help: 'I sell airtime for stations.' },
  { value: 'agency', label: 'Agency', help: 'I buy airtime for clients.' },
] as const;

/** Props of the account-type radio group. */
export interface UserTypeFieldProps {
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
}

/** The user_type radio group (spec §5 "Choose one of the options for your account type"). */
export function UserTypeField({ registration, error }: UserTypeFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="form-field user-type"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="form-field__label">Account type</legend>
      <div className="user-type__options">
        {USER_TYPE_OPTIONS.map((option) => (
          <label key={option.value} className="user-type__option">
            <input type="radio" value={option.value} {...registration} />
            <span>
              <span className="user-type__label">{option.label}</span>
              <span className="user-type__help">{option.help}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldMessage id={errorId} error={error} />
    </fieldset>
  );
}
