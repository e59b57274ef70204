import { useRef, useState } from 'react';
import { ACCOUNT_MESSAGES } from '#shared/contracts/account.schema';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import { ApiError, callRoute, errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { VerifyCodeForm, type VerifyValues } from '../auth/verify-code-form';
import { WizardRegisterForm } from './wizard-register-form';

/** Props of {@link AccountStep}. */
export interface AccountStepProps {
  /** The signed-in user, or null. */
  user: { name: string; email: string } | null;
  /** The /login address that comes back to the wizard. */
  loginHref: string;
  /** Continue (signed in already). */
  onNext: () => void;
  /** Tokens are stored: the wizard refreshes the session and moves on. */
  onSignedIn: () => void;
}

/** verify_email's answer (the fields read here). */
interface VerifyResult {
  verified: boolean;
  needs_password: boolean;
}

/**
 * The account step (spec §2 "account (register if no user)"; §4 "Email verification"; §8
 * verification failure with a resend link): a signed-in user just continues; anyone else
 * registers, types the 6-character code from the e-mail and is signed in, all inside the
 * wizard. Existing users follow "Log in", which returns here.
 */
export function AccountStep({ user, loginHref, onNext, onSignedIn }: AccountStepProps) {
  const login = useRef<{ email: string; password: string } | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState(false);

  if (user)
    return (
      <div className="wizard__body">
        <p>
          You're signed in as <strong>{user.name}</strong> ({user.email}).
        </p>
        <div className="wizard__actions">
          <button type="button" className="button button--primary" onClick={onNext}>
            Continue
          </button>
        </div>
      </div>
    );

  if (email === null)
    return (
      <WizardRegisterForm
        loginHref={loginHref}
        onRegistered={(values) => {
          login.current = values;
          setEmail(values.email);
        }}
      />
    );

  const verify = async (values: VerifyValues) => {
    setBusy(true);
    setFailure(null);
    setResent(false);
    try {
      const result = await callRoute<VerifyResult>('verify_email', values);
      if (!result.verified || !login.current) throw new Error('not verified');
      const answer = await callRoute<LoginResult>('rest_login', {
        email_address: login.current.email,
        password: login.current.password,
        stay_logged_in: false,
      });
      if (!answer.token) throw new Error('no session');
      const { storeLoginTokens } = await import('../auth/session');
      await storeLoginTokens(answer.token, login.current.email, false);
      login.current = null;
      onSignedIn();
    } catch (error) {
      setFailure(error instanceof ApiError ? errorMessage(error) : ACCOUNT_MESSAGES.verifyFailed);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    // Spec §8: auth-code failures are swallowed.
    await callRoute('send_verify_email', { email }).catch(() => null);
    setResent(true);
  };

  return (
    <div className="wizard__body">
      <p className="wizard__lead" role="status">
        We've sent a 6-character code to {email}. Type it here to verify your e-mail.
      </p>
      {failure && (
        <FormAlert message={failure}>
          <p className="form-alert__action">
            <button type="button" className="link-button" onClick={resend}>
              Resend the code
            </button>
          </p>
        </FormAlert>
      )}
      {resent && <FormAlert tone="success" message="We've sent you a new code." />}
      <VerifyCodeForm defaultEmail={email} busy={busy} onSubmit={verify} />
    </div>
  );
}
