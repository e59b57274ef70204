import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { registrationPrefill } from '../lib/landing-lookup';
import { AuthLayout } from './auth-layout';
import { RegistrationFields } from './registration-fields';
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

  return (
    <AuthLayout
      title="Create your account"
      intro="See which airings brought visitors to your website, and what each was worth."
      width="wide"
    >
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-label="Sign up">
        <RegistrationFields
          form={form}
          serverError={serverError}
          termsErrorId="terms-error"
          sections
        />
        <p className="auth-card__footer">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
