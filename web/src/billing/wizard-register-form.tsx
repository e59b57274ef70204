import { Link } from 'react-router-dom';
import { RegistrationFields } from '../auth/registration-fields';
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

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-label="Sign up">
      <p className="wizard__lead">
        Already have an account? <Link to={loginHref}>Log in</Link> and you'll come straight back
        here.
      </p>
      <RegistrationFields
        form={form}
        serverError={serverError}
        termsErrorId="wizard-terms-error"
        sections={false}
      />
    </form>
  );
}
