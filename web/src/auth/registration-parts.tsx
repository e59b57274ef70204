import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { RegistrationInput } from '#shared/contracts/account.schema';
import { TextField } from './form-controls';
import { maskedPhone } from './phone-mask';
import { AdvertiserFields, type RegistrationForm, RepFields } from './register-role-fields';
import { UserTypeField } from './user-type-field';

/**
 * Pieces of the registration form shared by /register, the subscribe wizard's account step and
 * the simple signup's profile step (spec §3 "Registration", §5 messages), so the
 * three cannot drift apart.
 */

/** A blank registration (what /register and the wizard start from). */
export const REGISTRATION_DEFAULTS: RegistrationInput = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  user_type: undefined as unknown as RegistrationInput['user_type'],
  industry_id: '',
  markets: [],
  primary_broadcast_type: 'all',
  default_station_id: '',
  company: '',
  url: '',
  years_experience_raw: '',
  new_password: '',
  confirm_password: '',
  accept_terms: false as unknown as true,
};

/** First and last name, e-mail and phone (masked 999-999-9999) of a registration form. */
export function PersonFields({ form }: { form: RegistrationForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="form-grid">
      <NameFields
        first={register('first_name')}
        last={register('last_name')}
        errors={{ first: errors.first_name, last: errors.last_name }}
      />
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <TextField
        label="Phone (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="999-999-9999"
        registration={maskedPhone(register('phone'))}
        error={errors.phone}
      />
    </div>
  );
}

/** First and last name fields of any form (their registrations and errors). */
export function NameFields({
  first,
  last,
  errors,
}: {
  first: UseFormRegisterReturn;
  last: UseFormRegisterReturn;
  errors: { first?: FieldError; last?: FieldError };
}) {
  return (
    <>
      <TextField
        label="First name"
        autoComplete="given-name"
        registration={first}
        error={errors.first}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        registration={last}
        error={errors.last}
      />
    </>
  );
}

/** Account type, the advertiser's or rep's own fields, and years of experience. */
export function WorkFields({ form }: { form: RegistrationForm }) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const userType = watch('user_type');
  return (
    <>
      <UserTypeField registration={register('user_type')} error={errors.user_type} />
      <div className="form-grid">
        {userType === 'self' && <AdvertiserFields form={form} />}
        {userType === 'rep' && <RepFields form={form} />}
        <TextField
          label="Years of experience"
          type="number"
          inputMode="numeric"
          min={1}
          max={80}
          registration={register('years_experience_raw')}
          error={errors.years_experience_raw as FieldError | undefined}
        />
      </div>
    </>
  );
}

/**
 * The "I accept the terms and conditions" box (spec §5 "accept terms"), its error tied to it.
 * @param id the error's element id (unique on the page).
 */
export function TermsCheckbox({
  id,
  registration,
  error,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}) {
  return (
    <div className="form-field">
      <label className="checkbox form-check">
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? id : undefined}
          {...registration}
        />
        <span>
          I accept the{' '}
          <Link to="/terms-and-conditions" target="_blank" rel="noopener">
            terms and conditions
          </Link>
        </span>
      </label>
      {error?.message && (
        <p id={id} className="form-field__error">
          {error.message}
        </p>
      )}
    </div>
  );
}
