import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  type Registration,
  type RegistrationInput,
  registrationSchema,
} from '../../../layers/shared/contracts/account.schema';
import { ApiError, callRoute, errorMessage } from '../api/client';
import { registrationPrefill } from '../lib/landing-lookup';
import { AuthLayout } from './auth-layout';
import { FormAlert, SubmitButton, TextField } from './form-controls';
import { NewPasswordFields } from './new-password-fields';
import { maskedPhone } from './phone-mask';
import { AdvertiserFields, RepFields } from './register-role-fields';
import { UserTypeField } from './user-type-field';

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

/**
 * /register (spec §3 "Registration", §5 "Registration" rules and messages, §6 role fields):
 * the shared registrationSchema checks every field in the browser with the server's messages.
 * Success -> /verify-email?email=<email>, which says a 6-character code was sent. A server
 * error shows in the alert and, when it names a field (e.g. the e-mail), on that field. A link
 * from the landing lookup (type, url, industry, market) fills in those fields.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationSchema),
    defaultValues: { ...DEFAULTS, ...registrationPrefill(search) },
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
      navigate(`/verify-email?email=${encodeURIComponent(values.email)}`, {
        state: { sent: true },
      });
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
    <AuthLayout
      title="Create your account"
      intro="See which airings brought visitors to your website, and what each was worth."
      width="wide"
    >
      <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Sign up">
        <FormAlert message={serverError} />
        <fieldset className="form-section">
          <legend className="form-section__title">About you</legend>
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
        </fieldset>
        <fieldset className="form-section">
          <legend className="form-section__title">Your work</legend>
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
        </fieldset>
        <fieldset className="form-section">
          <legend className="form-section__title">Password</legend>
          <NewPasswordFields
            label="Password"
            grid
            password={register('new_password')}
            confirm={register('confirm_password')}
            errors={{ password: errors.new_password, confirm: errors.confirm_password }}
          />
        </fieldset>
        <div className="form-field">
          <label className="checkbox form-check">
            <input
              type="checkbox"
              aria-invalid={errors.accept_terms ? true : undefined}
              aria-describedby={errors.accept_terms ? 'terms-error' : undefined}
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
            <p id="terms-error" className="form-field__error">
              {errors.accept_terms.message}
            </p>
          )}
        </div>
        <SubmitButton busy={isSubmitting} busyLabel="Creating your account…">
          Create account
        </SubmitButton>
        <p className="auth-card__footer">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
