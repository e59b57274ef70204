import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { registrationPrefill } from '../lib/landing-lookup';
import { AuthLayout } from './auth-layout';
import { FormAlert, SubmitButton } from './form-controls';
import { NewPasswordFields } from './new-password-fields';
import { PersonFields, TermsCheckbox, WorkFields } from './registration-parts';
import { useRegistrationForm } from './use-registration-form';

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
  const { form, serverError, onSubmit } = useRegistrationForm(
    registrationPrefill(search),
    (values) =>
      navigate(`/verify-email?email=${encodeURIComponent(values.email)}`, {
        state: { sent: true },
      }),
  );
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <AuthLayout
      title="Create your account"
      intro="See which airings brought visitors to your website, and what each was worth."
      width="wide"
    >
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-label="Sign up">
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
