import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  type Registration,
  type RegistrationInput,
  registrationSchema,
} from '../../../layers/shared/contracts/account.schema';
import { ApiError, callRoute, errorMessage } from '../api/client';
import { registrationPrefill } from '../lib/landing-lookup';
import { AuthLayout } from './auth-layout';
import { FormAlert, SubmitButton } from './form-controls';
import { NewPasswordFields } from './new-password-fields';
import {
  PersonFields,
  REGISTRATION_DEFAULTS,
  TermsCheckbox,
  WorkFields,
} from './registration-parts';

const DEFAULTS = REGISTRATION_DEFAULTS;

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
    setError,
    formState: { errors, isSubmitting },
  } = form;

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
          <PersonFields form={form} />
        </fieldset>
        <fieldset className="form-section">
          <legend className="form-section__title">Your work</legend>
          <WorkFields form={form} />
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
        <TermsCheckbox
          id="terms-error"
          registration={register('accept_terms')}
          error={errors.accept_terms}
        />
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
