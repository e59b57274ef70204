import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  type Registration,
  type RegistrationInput,
  registrationSchema,
} from '../../../layers/shared/contracts/account.schema';
import { ApiError, callRoute, errorMessage } from '../api/client';
import { FormAlert, SubmitButton, TextField } from '../auth/form-controls';
import { NewPasswordFields } from '../auth/new-password-fields';
import { maskedPhone } from '../auth/phone-mask';
import { AdvertiserFields, RepFields } from '../auth/register-role-fields';
import { UserTypeField } from '../auth/user-type-field';

const DEFAULTS: RegistrationInput = {
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

/** Props of {@link WizardRegisterForm}. */
export interface WizardRegisterFormProps {
  /** Called after `register` succeeded (a code went to the e-mail), with what the login needs. */
  onRegistered: (login: { email: string; password: string }) => void;
  /** The /login address that comes back to the wizard. */
  loginHref: string;
}

/**
 * The registration form inside /plans/subscribe (spec §2 "account (register if no user)"; §3
 * "Registration", §5 messages): the register page's pieces (role fields, password fields, phone
 * mask) and the same registrationSchema, without leaving the wizard. The password is handed to
 * the wizard only to sign in once the e-mail is verified; it is never stored.
 */
export function WizardRegisterForm({ onRegistered, loginHref }: WizardRegisterFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationSchema),
    defaultValues: DEFAULTS,
  });
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const userType = watch('user_type');

  const onSubmit = async (values: Registration) => {
    setServerError(null);
    try {
      await callRoute('register', values);
      onRegistered({ email: values.email, password: values.new_password });
    } catch (error) {
      setServerError(errorMessage(error));
      const field = error instanceof ApiError ? error.field : undefined;
      if (field && field in DEFAULTS)
        setError(
          field as keyof RegistrationInput,
          { type: 'server', message: errorMessage(error) },
          { shouldFocus: true },
        );
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Sign up">
      <p className="wizard__lead">
        Already have an account? <Link to={loginHref}>Log in</Link> and you'll come straight back
        here.
      </p>
      <FormAlert message={serverError} />
      <div className="form-grid">
        <TextField
          label="First name"
          autoComplete="given-name"
          registration={register('first_name')}
          error={errors.first_name}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          registration={register('last_name')}
          error={errors.last_name}
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
      <NewPasswordFields
        label="Password"
        grid
        password={register('new_password')}
        confirm={register('confirm_password')}
        errors={{ password: errors.new_password, confirm: errors.confirm_password }}
      />
      <div className="form-field">
        <label className="checkbox form-check">
          <input
            type="checkbox"
            aria-invalid={errors.accept_terms ? true : undefined}
            aria-describedby={errors.accept_terms ? 'wizard-terms-error' : undefined}
            {...register('accept_terms')}
          />
          <span>
            I accept the{' '}
            <Link to="/terms-and-conditions" target="_blank" rel="noopener">
              terms and conditions
            </Link>
          </span>
        </label>
        {errors.accept_terms?.message && (
          <p id="wizard-terms-error" className="form-field__error">
            {errors.accept_terms.message}
          </p>
        )}
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Creating your account…">
        Create account
      </SubmitButton>
    </form>
  );
}
