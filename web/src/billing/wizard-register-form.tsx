import { Link } from 'react-router-dom';
import { FormAlert, SubmitButton } from '../auth/form-controls';
import { NewPasswordFields } from '../auth/new-password-fields';
import { PersonFields, TermsCheckbox, WorkFields } from '../auth/registration-parts';
import { useRegistrationForm } from '../auth/use-registration-form';

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
  const { form, serverError, onSubmit } = useRegistrationForm({}, (values) =>
    onRegistered({ email: values.email, password: values.new_password }),
  );
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-label="Sign up">
      <p className="wizard__lead">
        Already have an account? <Link to={loginHref}>Log in</Link> and you'll come straight back
        here.
      </p>
      <FormAlert message={serverError} />
      <PersonFields form={form} />
      <WorkFields form={form} />
      <NewPasswordFields
        label="Password"
        grid
        password={register('new_password')}
        confirm={register('confirm_password')}
        errors={{ password: errors.new_password, confirm: errors.confirm_password }}
      />
      <TermsCheckbox
        id="wizard-terms-error"
        registration={register('accept_terms')}
        error={errors.accept_terms}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Creating your account…">
        Create account
      </SubmitButton>
    </form>
  );
}
