import type { RegistrationInput } from '#shared/contracts/account.schema';
import { FormAlert, SubmitButton } from '../auth/form-controls';
import { NewPasswordFields } from '../auth/new-password-fields';
import { PersonFields, TermsCheckbox, WorkFields } from '../auth/registration-parts';
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
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const what = [params.industry?.name, params.market?.name].filter(Boolean).join(', ');
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-label="Sign up">
      {params.host && (
        <p className={styles.promise}>
          Once you verify your e-mail, <strong>{params.host}</strong> is added as your advertiser
          {what ? ` (${what})` : ''}.
        </p>
      )}
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
        id="preview-terms-error"
        registration={register('accept_terms')}
        error={errors.accept_terms}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Creating your account…">
        Create account
      </SubmitButton>
    </form>
  );
}
