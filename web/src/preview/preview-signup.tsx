import type { RegistrationInput } from '#shared/contracts/account.schema';
import { RegistrationFields } from '../auth/registration-fields';
import { useRegistrationForm } from '../auth/use-registration-form';
import { useAppNavigate } from '../entries/app-navigate';
import styles from './preview.module.css';
import type { PreviewParams } from './preview-params';

/**
 * The registration's starting values from the preview (spec §3 "Registration"): the user type,
 * the website, the industry (advertisers) and the market (a rep's one market), plus the pending
 * client the server creates once the e-mail is verified (only when the website is a host name).
 */
export function signupPrefill(params: PreviewParams): Partial<RegistrationInput> {
  const { type, host, industry, market } = params;
  return {
    user_type: type,
    ...(host ? { url: host } : {}),
    ...(industry ? { industry_id: industry.id } : {}),
    ...(market ? { markets: [market.id] } : {}),
    ...(host
      ? {
          pending_client: {
            website: host,
            industry_id: industry?.id ?? null,
            market: market?.id ?? null,
          },
        }
      : {}),
  };
}

/**
 * The preview's sign-up: the registration form of /register (same fields, checks and `register`
 * route), prefilled from the lookup; success opens /verify-email for the address.
 */
export function PreviewSignup({ params }: { params: PreviewParams }) {
  const navigate = useAppNavigate();
  const { form, serverError, onSubmit } = useRegistrationForm(signupPrefill(params), (values) =>
    navigate(`/verify-email?email=${encodeURIComponent(values.email)}`),
  );
  const what = [params.industry?.name, params.market?.name].filter(Boolean).join(', ');
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-label="Sign up">
      {params.host && (
        <p className={styles.promise}>
          Once you verify your e-mail, <strong>{params.host}</strong> is added as your advertiser
          {what ? ` (${what})` : ''}.
        </p>
      )}
      <RegistrationFields
        form={form}
        serverError={serverError}
        termsErrorId="preview-terms-error"
        sections
      />
    </form>
  );
}
